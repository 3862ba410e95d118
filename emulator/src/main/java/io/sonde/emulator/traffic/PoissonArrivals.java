package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

/**
 * A Poisson process: independent, exponentially distributed gaps with mean
 * {@code 1 / rate}, the first one from the flow's start too.
 */
public record PoissonArrivals(double packetsPerSecond) implements ArrivalModel {

	public PoissonArrivals {
		if (!(packetsPerSecond > 0) || Double.isInfinite(packetsPerSecond)) {
			throw new IllegalArgumentException("a packet rate must be positive and finite: " + packetsPerSecond);
		}
	}

	@Override
	public ArrivalProcess newProcess() {
		double meanGap = 1e9 / this.packetsPerSecond;
		return new ArrivalProcess() {

			@Override
			public long firstDelayNanos(SplittableRandom random) {
				return nextGapNanos(random);
			}

			@Override
			public long nextGapNanos(SplittableRandom random) {
				return Math.round(DurationDistribution.exponential(random, meanGap));
			}

		};
	}

	@Override
	public double meanPacketsPerSecond() {
		return this.packetsPerSecond;
	}

}
