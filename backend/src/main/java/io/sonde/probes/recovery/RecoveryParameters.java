package io.sonde.probes.recovery;

import java.time.Duration;
import java.util.Objects;

/**
 * What the data recovery loop is configured with (paper §IV-C).
 *
 * @param feedbackTimeout t_f: how long a send may go without the first switch's feedback
 * @param recoveryAttempts r_a: sends repeated at one starting switch after the first,
 * before that switch is marked unavailable (so 1 + r_a sends in all)
 * @param resolutionTime t_ro: the period of the time-out sequence
 * @param maxInFlight how many paths are probed at once (the paper's orchestrator: 12)
 * @param recoveryEnabled false: each path is sent once and a probe that does not come
 * back is lost (the paper's "data recovery disabled" runs; switches then send no
 * feedback)
 */
public record RecoveryParameters(Duration feedbackTimeout, int recoveryAttempts, Duration resolutionTime,
		int maxInFlight, boolean recoveryEnabled) {

	/** t_ro when nothing else is said: a tenth of a second. */
	public static final Duration DEFAULT_RESOLUTION_TIME = Duration.ofMillis(100);

	/** The paper's orchestrator deploys at most 12 concurrent probes (§V-A). */
	public static final int DEFAULT_MAX_IN_FLIGHT = 12;

	public RecoveryParameters {
		Objects.requireNonNull(feedbackTimeout, "feedbackTimeout");
		Objects.requireNonNull(resolutionTime, "resolutionTime");
		if (feedbackTimeout.isNegative() || feedbackTimeout.isZero()) {
			throw new IllegalArgumentException("feedbackTimeout must be positive");
		}
		if (resolutionTime.isNegative() || resolutionTime.isZero()) {
			throw new IllegalArgumentException("resolutionTime must be positive");
		}
		if (recoveryAttempts < 0) {
			throw new IllegalArgumentException("recoveryAttempts must not be negative");
		}
		if (maxInFlight < 1) {
			throw new IllegalArgumentException("maxInFlight must be at least 1");
		}
	}

	/** A profile's t_f and r_a with the default t_ro and concurrency, recovery on. */
	public static RecoveryParameters of(RecoveryProfile profile) {
		return new RecoveryParameters(profile.feedbackTimeout(), profile.recoveryAttempts(), DEFAULT_RESOLUTION_TIME,
				DEFAULT_MAX_IN_FLIGHT, true);
	}

	public RecoveryParameters withRecoveryEnabled(boolean enabled) {
		return new RecoveryParameters(this.feedbackTimeout, this.recoveryAttempts, this.resolutionTime,
				this.maxInFlight, enabled);
	}

	public RecoveryParameters withMaxInFlight(int max) {
		return new RecoveryParameters(this.feedbackTimeout, this.recoveryAttempts, this.resolutionTime, max,
				this.recoveryEnabled);
	}

	/**
	 * The deadline of Algorithm 2 for a probe sent over {@code hops} switches: t_f for
	 * each hop and one more. A switch that loses the probe's next hop reports within t_f
	 * of forwarding it, so this bound is reached only when a probe vanishes without any
	 * switch noticing (a switch lost with the stored copy) or when recovery is off.
	 */
	public Duration measurementAllowance(int hops) {
		return this.feedbackTimeout.multipliedBy(hops + 1L);
	}

}
