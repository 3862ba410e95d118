package io.sonde.p4runtime.info;

/** The kinds of P4Info objects (and their parts) a name or id can refer to. */
public enum P4EntityKind {

	TABLE("table"), ACTION("action"), ACTION_PROFILE("action profile"), COUNTER("counter"),
	DIRECT_COUNTER("direct counter"), METER("meter"), DIRECT_METER("direct meter"), REGISTER("register"),
	DIGEST("digest"), VALUE_SET("value set"), CONTROLLER_PACKET_METADATA("controller packet metadata"),
	MATCH_FIELD("match field"), ACTION_PARAM("action parameter"), PACKET_METADATA("packet metadata field");

	private final String label;

	P4EntityKind(String label) {
		this.label = label;
	}

	/** A lower-case name for messages. */
	public String label() {
		return this.label;
	}

}
