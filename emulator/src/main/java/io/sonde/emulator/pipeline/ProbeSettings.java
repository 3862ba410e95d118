package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Actions;

/**
 * What {@code set_probe_settings(recovery_enabled, feedback_timeout_us)}, the default
 * action of sonde.p4's keyless {@code probe_settings} table, carries: whether the switch
 * answers GPINT probes with feedback and keeps a copy of each probe it forwards (SQR),
 * and how long a copy waits for the next hop's feedback (t_f).
 *
 * @param recoveryEnabled the action's {@code recovery_enabled} bit
 * @param feedbackTimeoutMicros t_f in microseconds ({@code bit<32>})
 */
public record ProbeSettings(boolean recoveryEnabled, long feedbackTimeoutMicros) {

	/**
	 * Before the control plane writes the table: recovery on, t_f 1.5 s (paper §IV-C).
	 */
	public static final ProbeSettings DEFAULT = new ProbeSettings(true, 1_500_000);

	public ProbeSettings {
		ActionParams.check(P4Actions.SetProbeSettings.ALIAS, P4Actions.SetProbeSettings.FEEDBACK_TIMEOUT_US,
				feedbackTimeoutMicros, 32);
	}

	/** t_f in nanoseconds of emulated time. */
	public long feedbackTimeoutNanos() {
		return this.feedbackTimeoutMicros * 1_000;
	}

}
