package io.sonde.probes.recovery;

/** What came back to the monitoring module, by the probe's DSCP (GPINT-DECISIONS.md). */
public enum ArrivalKind {

	/** DSCP 0x1D at the CPU port: the probe walked its whole source route. */
	COMPLETED,

	/** DSCP 0x19: the first switch of a send received it (Fig. 7, "s1 responds"). */
	FEEDBACK,

	/**
	 * DSCP 0x21: a switch got no feedback from its next hop within t_f and sent its
	 * stored copy, with the telemetry gathered so far.
	 */
	RECOVERY_NOTIFICATION

}
