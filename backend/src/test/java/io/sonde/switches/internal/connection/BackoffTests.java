package io.sonde.switches.internal.connection;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BackoffTests {

	@Test
	void doublesFromTheMinimumUpToTheMaximumWithTwentyPercentJitter() {
		Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofMillis(1000));
		long[] bases = { 100, 200, 400, 800, 1000, 1000, 1000 };
		for (long base : bases) {
			assertThat(backoff.next().toMillis()).isBetween(Math.round(base * 0.8), Math.round(base * 1.2));
		}
		assertThat(backoff.failures()).isEqualTo(bases.length);

		backoff.reset();

		assertThat(backoff.next().toMillis()).isBetween(80L, 120L);
	}

	@Test
	void spreadsSwitchesThatFailedTogether() {
		long distinct = java.util.stream.IntStream.range(0, 50)
			.mapToObj((i) -> new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(1)).next())
			.distinct()
			.count();
		assertThat(distinct).as("fifty first pauses are not all equal").isGreaterThan(10);
	}

}
