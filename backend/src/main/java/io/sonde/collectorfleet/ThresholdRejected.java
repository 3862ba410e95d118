package io.sonde.collectorfleet;

/** A thresholds change naming an unknown metric or a value that is no T(m). */
public class ThresholdRejected extends RuntimeException {

	private final String field;

	public ThresholdRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	/** The metric (or body) at fault. */
	public String field() {
		return this.field;
	}

}
