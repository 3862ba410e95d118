package io.sonde.emulator.pipeline;

/**
 * The indirect port counters of sonde.p4 (packets and bytes, indexed by port), with their
 * P4Info names.
 */
public enum SondePortCounter {

	/** Counted in ingress stage 1 by the ingress port. */
	INGRESS("SondeIngress.ingress_port_counter"),
	/** Counted in egress stage 1 by the egress port (report clones included). */
	EGRESS("SondeEgress.egress_port_counter");

	/** {@code MAX_PORTS}: counter size. */
	public static final int SIZE = 512;

	private final String p4Name;

	SondePortCounter(String p4Name) {
		this.p4Name = p4Name;
	}

	public String p4Name() {
		return this.p4Name;
	}

}
