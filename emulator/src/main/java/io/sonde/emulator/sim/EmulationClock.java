package io.sonde.emulator.sim;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * A clock that drives an {@link EventScheduler}: virtual ({@link VirtualClock}) or real
 * time ({@link RealTimeClock}). Emulated time is nanoseconds since {@link #epoch()}.
 */
public interface EmulationClock {

	/** The scheduler this clock drives. */
	EventScheduler scheduler();

	/** Emulated nanoseconds since the epoch; safe to call from any thread. */
	long nowNanos();

	/** The instant emulated time 0 stands for. */
	Instant epoch();

	/**
	 * A {@link java.time.Clock} reading emulated time (UTC), for code that takes a clock
	 * (switch timestamps, reports, the backend's Clock bean in tests).
	 */
	default Clock asJavaClock() {
		return new EmulatedJavaClock(this, ZoneOffset.UTC);
	}

}
