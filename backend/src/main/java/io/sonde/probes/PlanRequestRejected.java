package io.sonde.probes;

/**
 * A plan request the planner cannot honour; {@link #field()} names the field at fault.
 */
public class PlanRequestRejected extends IllegalArgumentException {

	private final String field;

	public PlanRequestRejected(String field, String message) {
		super(field + ": " + message);
		this.field = field;
	}

	/** The request field at fault ({@code k}, {@code c}, {@code algorithm}, ...). */
	public String field() {
		return this.field;
	}

}
