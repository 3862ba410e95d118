package io.sonde.emulator.pipeline;

/**
 * Why the GPINT stage dropped a probe instead of forwarding it half-written
 * (GPINT-DECISIONS.md: a probe over a bound is dropped and counted).
 */
public enum ProbeDrop {

	/** The probe does not parse: cut short, counts that disagree, bytes after it. */
	MALFORMED,
	/**
	 * Over a bound: more SR or DLV entries than MAX_PROBE_HOPS, more measurements per hop
	 * than 16, or one more hop would exceed MAX_PROBE_HOPS.
	 */
	OVER_BOUND,
	/** A measurement probe with no source-route entry left for this switch. */
	NO_ROUTE,
	/** A recovery notification on a data port: those go to the monitoring module only. */
	STRAY_RECOVERY

}
