package io.sonde.labeling;

/** A coverage or freshness query had a bad parameter; {@link #field()} names it. */
public class CoverageQueryRejected extends RuntimeException {

	private final String field;

	public CoverageQueryRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	public String field() {
		return this.field;
	}

}
