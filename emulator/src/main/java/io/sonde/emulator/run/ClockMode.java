package io.sonde.emulator.run;

/** How emulated time advances. */
public enum ClockMode {

	/**
	 * Discrete events as fast as the CPU allows, deterministic for a seed: tests and
	 * paper reproductions. The thread that calls {@link EmulatedNetwork#runFor} drives
	 * it.
	 */
	VIRTUAL,

	/** Emulated time follows the wall clock 1:1, on its own thread: the demo. */
	REAL

}
