package io.sonde.emulator.sim;

/**
 * The monotonic wall-clock source a {@link RealTimeClock} reads, injected so tests can
 * see what it read. Production uses {@link #SYSTEM}.
 */
@FunctionalInterface
public interface WallClock {

	/** {@link System#nanoTime()}. */
	WallClock SYSTEM = System::nanoTime;

	/** Monotonic nanoseconds from an arbitrary origin. */
	long nanoTime();

}
