package io.sonde.alerts.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that moves only when a test moves it. */
final class SteppingClock extends Clock {

	private volatile Instant now;

	SteppingClock(Instant now) {
		this.now = now;
	}

	void advance(Duration step) {
		this.now = this.now.plus(step);
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
