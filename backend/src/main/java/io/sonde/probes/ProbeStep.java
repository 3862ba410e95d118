package io.sonde.probes;

import java.util.Locale;

/** What happened to one probe of a running session, as the monitoring module sees it. */
public enum ProbeStep {

	/** A PacketOut took the probe to the switch it starts at. */
	SENT,

	/**
	 * The switch it was to start at did not take the PacketOut (not connected, not
	 * primary).
	 */
	NOT_SENT,

	/** Its first switch received it and answered (Fig. 7, "s1 responds"). */
	FEEDBACK,

	/** It walked its whole source route and came back with every hop's telemetry. */
	COMPLETED,

	/**
	 * A switch got no feedback from its next hop within t_f and sent back its stored
	 * copy, with the telemetry gathered so far.
	 */
	RECOVERY_NOTIFICATION;

	/** How live views spell it: {@code sent}, {@code recovery_notification}, ... */
	public String label() {
		return name().toLowerCase(Locale.ROOT);
	}

}
