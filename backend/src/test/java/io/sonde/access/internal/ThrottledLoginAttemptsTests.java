package io.sonde.access.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ThrottledLoginAttemptsTests {

	private final MovableClock clock = new MovableClock();

	private final ThrottledLoginAttempts attempts = new ThrottledLoginAttempts(this.clock, 3, Duration.ofMinutes(5),
			Duration.ofMinutes(15));

	@Test
	void blocksAUsernameAfterTooManyFailuresWithinTheWindowUntilTheBlockEnds() {
		this.attempts.failed("olga", "10.0.0.1");
		this.attempts.failed("olga", "10.0.0.2");
		assertThat(this.attempts.blockedFor("olga", "10.0.0.9")).isEmpty();
		this.attempts.failed("olga", "10.0.0.3");
		assertThat(this.attempts.blockedFor("olga", "10.0.0.9")).contains(Duration.ofMinutes(15));
		this.clock.advance(Duration.ofMinutes(10));
		assertThat(this.attempts.blockedFor("olga", "10.0.0.9")).contains(Duration.ofMinutes(5));
		this.clock.advance(Duration.ofMinutes(5));
		assertThat(this.attempts.blockedFor("olga", "10.0.0.9")).isEmpty();
	}

	@Test
	void blocksAnAddressTryingManyUsernames() {
		this.attempts.failed("a", "10.0.0.1");
		this.attempts.failed("b", "10.0.0.1");
		this.attempts.failed("c", "10.0.0.1");
		assertThat(this.attempts.blockedFor("d", "10.0.0.1")).isPresent();
		assertThat(this.attempts.blockedFor("d", "10.0.0.2")).isEmpty();
	}

	@Test
	void failuresOlderThanTheWindowDoNotCount() {
		this.attempts.failed("olga", "10.0.0.1");
		this.attempts.failed("olga", "10.0.0.1");
		this.clock.advance(Duration.ofMinutes(6));
		this.attempts.failed("olga", "10.0.0.1");
		assertThat(this.attempts.blockedFor("olga", "10.0.0.1")).isEmpty();
	}

	@Test
	void aSuccessClearsTheUsernamesFailuresButNotTheAddresses() {
		this.attempts.failed("olga", "10.0.0.1");
		this.attempts.failed("olga", "10.0.0.1");
		this.attempts.succeeded("olga", "10.0.0.1");
		this.attempts.failed("olga", "10.0.0.2");
		assertThat(this.attempts.blockedFor("olga", "10.0.0.2")).isEmpty();
		this.attempts.failed("x", "10.0.0.1");
		assertThat(this.attempts.blockedFor("y", "10.0.0.1")).isPresent();
	}

	private static final class MovableClock extends Clock {

		private Instant now = Instant.parse("2026-11-27T10:00:00Z");

		void advance(Duration by) {
			this.now = this.now.plus(by);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
