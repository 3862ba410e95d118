package io.sonde.probes.recovery;

/** What the loop deduced about a component (Fig. 7). */
public enum ComponentStatus {

	/**
	 * A switch gave no feedback after r_a recovery attempts, or a switch reported that
	 * its next hop did not answer within t_f.
	 */
	UNAVAILABLE,

	/**
	 * Was marked unavailable, but a probe crossed it after all (a late completion, a late
	 * feedback): slow, not broken.
	 */
	CONGESTED

}
