package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Counters;

/**
 * The indirect port counters of sonde.p4 (packets and bytes, indexed by port), with their
 * P4Info names.
 */
public enum SondePortCounter {

	/** Counted in ingress stage 1 by the ingress port. */
	INGRESS(P4Counters.IngressPortCounter.NAME),
	/** Counted in egress stage 1 by the egress port (report clones included). */
	EGRESS(P4Counters.EgressPortCounter.NAME);

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
