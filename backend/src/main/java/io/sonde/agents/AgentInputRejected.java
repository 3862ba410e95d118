package io.sonde.agents;

/** A request to the agents' API that names something it cannot take. */
public class AgentInputRejected extends RuntimeException {

	private final String field;

	public AgentInputRejected(String field, String detail) {
		super(field + ": " + detail);
		this.field = field;
	}

	/** The parameter or JSON field at fault. */
	public String field() {
		return this.field;
	}

}
