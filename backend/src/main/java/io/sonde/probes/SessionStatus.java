package io.sonde.probes;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a probing session stands. */
public enum SessionStatus {

	/** Probes are out; the recovery loop runs. */
	RUNNING,

	/** Every path's telemetry was collected, with or without recovery. */
	COMPLETED,

	/**
	 * The loop finished, but some switches' telemetry is missing (a switch skipped as
	 * unavailable, a probe given up on).
	 */
	INCOMPLETE,

	/** The session could not run (no switch took a probe, its lease was lost, ...). */
	FAILED,

	/** The replica running it went away (a restart) before it finished. */
	INTERRUPTED;

	/** How the API spells it: {@code running}, {@code completed}, ... */
	public String label() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static Optional<SessionStatus> ofLabel(String label) {
		return Arrays.stream(values()).filter((status) -> status.label().equalsIgnoreCase(label)).findFirst();
	}

}
