package io.sonde.p4programs.codec;

/**
 * The measurement a GPINT probe asks for (the 1-bit request type of Req META).
 */
public enum ProbeRequestType {

	/** Rule-hit counters: one 32-bit cell per next-hop group of the IPv4 routes. */
	RULE_HITS(0, "rule_hits"),
	/** Per-port packet counters: one 32-bit cell per ingress port. */
	PORT_PACKETS(1, "port_packets");

	private final int bit;

	private final String jsonName;

	ProbeRequestType(int bit, String jsonName) {
		this.bit = bit;
		this.jsonName = jsonName;
	}

	/** The value of the request type bit. */
	public int bit() {
		return this.bit;
	}

	/** The name sonde-decode prints. */
	public String jsonName() {
		return this.jsonName;
	}

	/** The type of a request type bit (0 or 1). */
	public static ProbeRequestType ofBit(int bit) {
		return switch (bit) {
			case 0 -> RULE_HITS;
			case 1 -> PORT_PACKETS;
			default -> throw new IllegalArgumentException("request type is one bit: " + bit);
		};
	}

}
