package io.sonde.switches.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that moves one step forward each time it is read, so a duration measured
 * between two readings is exactly one step, whatever the machine's speed.
 */
final class SteppingClock extends Clock {

	private final Duration step;

	private Instant now;

	SteppingClock(Instant start, Duration step) {
		this.now = start;
		this.step = step;
	}

	@Override
	public synchronized Instant instant() {
		Instant reading = this.now;
		this.now = this.now.plus(this.step);
		return reading;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("a test clock in UTC");
	}

}
