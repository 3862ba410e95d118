package io.sonde.emulator.sim;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/**
 * {@link java.time.Clock} view of an {@link EmulationClock}: {@code instant()} is the
 * clock's epoch plus the emulated nanoseconds, so code written against
 * {@code java.time.Clock} runs unchanged in virtual time.
 */
final class EmulatedJavaClock extends Clock {

	private static final long NANOS_PER_MILLI = 1_000_000L;

	private final EmulationClock source;

	private final ZoneId zone;

	EmulatedJavaClock(EmulationClock source, ZoneId zone) {
		this.source = source;
		this.zone = zone;
	}

	@Override
	public ZoneId getZone() {
		return this.zone;
	}

	@Override
	public Clock withZone(ZoneId newZone) {
		return newZone.equals(this.zone) ? this : new EmulatedJavaClock(this.source, newZone);
	}

	@Override
	public Instant instant() {
		return this.source.epoch().plusNanos(this.source.nowNanos());
	}

	@Override
	public long millis() {
		return this.source.epoch().toEpochMilli() + this.source.nowNanos() / NANOS_PER_MILLI;
	}

	@Override
	public String toString() {
		return "EmulatedJavaClock[" + this.source + ", " + this.zone + "]";
	}

}
