package io.sonde.emulator.traffic;

/**
 * How a flow spaces its packets: constant rate, Poisson, or bursty on/off.
 */
public sealed interface ArrivalModel permits ConstantRate, PoissonArrivals, OnOffBursts {

	/** A fresh process for one flow. */
	ArrivalProcess newProcess();

	/**
	 * The long-run mean packet rate (for planning load; bursty models approximate it).
	 */
	double meanPacketsPerSecond();

	/**
	 * Packets per second that make {@code bitsPerSecond} of {@code frameBytes} frames.
	 */
	static double packetsPerSecond(double bitsPerSecond, int frameBytes) {
		if (bitsPerSecond <= 0 || frameBytes <= 0) {
			throw new IllegalArgumentException("a bit rate and a frame size must be positive");
		}
		return bitsPerSecond / (frameBytes * 8.0);
	}

}
