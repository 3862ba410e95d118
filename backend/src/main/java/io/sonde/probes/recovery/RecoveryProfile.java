package io.sonde.probes.recovery;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The recovery loop's settings the paper evaluates (§IV-C and §V-B3): the feedback
 * time-out t_f and the recovery attempts r_a.
 */
public enum RecoveryProfile {

	/** t_f 1.5 s, r_a 10: the values of the paper's evaluation. */
	PAPER("paper", Duration.ofMillis(1500), 10),

	/** t_f 0.4 s, r_a 2: GPINT-FT, which recovers faster at the cost of more probes. */
	FINE_TUNED("fine-tuned", Duration.ofMillis(400), 2);

	private final String label;

	private final Duration feedbackTimeout;

	private final int recoveryAttempts;

	RecoveryProfile(String label, Duration feedbackTimeout, int recoveryAttempts) {
		this.label = label;
		this.feedbackTimeout = feedbackTimeout;
		this.recoveryAttempts = recoveryAttempts;
	}

	/** How configuration and the API spell it: {@code paper}, {@code fine-tuned}. */
	public String label() {
		return this.label;
	}

	public Duration feedbackTimeout() {
		return this.feedbackTimeout;
	}

	public int recoveryAttempts() {
		return this.recoveryAttempts;
	}

	public static Optional<RecoveryProfile> ofLabel(String label) {
		return Arrays.stream(values()).filter((profile) -> profile.label.equals(label)).findFirst();
	}

}
