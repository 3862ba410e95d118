package io.sonde.emulator.cli;

import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.DurationDistribution;
import io.sonde.emulator.traffic.OnOffBursts;
import io.sonde.emulator.traffic.PoissonArrivals;

/** The {@code --traffic} choices: how each flow spaces its packets at {@code --rate}. */
enum TrafficShape {

	/** Packets exactly 1/rate apart. */
	CONSTANT,

	/** Exponential gaps with mean 1/rate. */
	POISSON,

	/**
	 * Paper 003's on/off microbursts: bursts of exponentially distributed length (mean
	 * {@value #MEAN_BURST_NANOS} ns) at {@code rate}, separated by exponential silences
	 * nine times as long, so a flow averages a tenth of its rate.
	 */
	BURSTY;

	static final long MEAN_BURST_NANOS = 1_000_000;

	ArrivalModel arrivals(double packetsPerSecond) {
		return switch (this) {
			case CONSTANT -> new ConstantRate(packetsPerSecond);
			case POISSON -> new PoissonArrivals(packetsPerSecond);
			case BURSTY -> new OnOffBursts(new DurationDistribution.Exponential(MEAN_BURST_NANOS),
					new DurationDistribution.Exponential(9 * MEAN_BURST_NANOS), packetsPerSecond);
		};
	}

}
