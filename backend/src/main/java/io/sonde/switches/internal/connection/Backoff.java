package io.sonde.switches.internal.connection;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with ±20% jitter, so that switches that failed together are not
 * redialled together.
 */
final class Backoff {

	private final Duration min;

	private final Duration max;

	private int failures;

	Backoff(Duration min, Duration max) {
		this.min = min;
		this.max = max;
	}

	/** The pause after one more failure. */
	Duration next() {
		long base = this.min.toMillis() << Math.min(this.failures, 20);
		this.failures++;
		long capped = Math.min(base, this.max.toMillis());
		double jitter = 0.8 + 0.4 * ThreadLocalRandom.current().nextDouble();
		return Duration.ofMillis(Math.max(1, Math.round(capped * jitter)));
	}

	void reset() {
		this.failures = 0;
	}

	int failures() {
		return this.failures;
	}

}
