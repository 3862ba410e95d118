package io.sonde.metrics;

/** A metrics query with a bad parameter, named in {@link #field()}. */
public class MetricQueryRejected extends RuntimeException {

	private final String field;

	public MetricQueryRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	/** The query parameter at fault. */
	public String field() {
		return this.field;
	}

}
