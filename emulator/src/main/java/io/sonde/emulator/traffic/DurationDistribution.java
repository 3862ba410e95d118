package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

/**
 * A distribution of durations in nanoseconds, for the on/off burst model's burst lengths
 * and quiet gaps.
 */
public sealed interface DurationDistribution {

	long sampleNanos(SplittableRandom random);

	double meanNanos();

	/** Always the same duration. */
	record Fixed(long nanos) implements DurationDistribution {

		public Fixed {
			if (nanos < 0) {
				throw new IllegalArgumentException("a duration cannot be negative: " + nanos);
			}
		}

		@Override
		public long sampleNanos(SplittableRandom random) {
			return this.nanos;
		}

		@Override
		public double meanNanos() {
			return this.nanos;
		}

	}

	/**
	 * Exponentially distributed (memoryless, the two-state Markov model's holding time).
	 */
	record Exponential(double meanNanos) implements DurationDistribution {

		public Exponential {
			if (!(meanNanos > 0) || Double.isInfinite(meanNanos)) {
				throw new IllegalArgumentException("a mean duration must be positive and finite: " + meanNanos);
			}
		}

		@Override
		public long sampleNanos(SplittableRandom random) {
			return Math.round(exponential(random, this.meanNanos));
		}

	}

	/** Uniform on {@code [minNanos, maxNanos]}. */
	record Uniform(long minNanos, long maxNanos) implements DurationDistribution {

		public Uniform {
			if (minNanos < 0 || maxNanos < minNanos) {
				throw new IllegalArgumentException("need 0 <= min <= max: " + minNanos + ".." + maxNanos);
			}
		}

		@Override
		public long sampleNanos(SplittableRandom random) {
			return (this.minNanos == this.maxNanos) ? this.minNanos : random.nextLong(this.minNanos, this.maxNanos + 1);
		}

		@Override
		public double meanNanos() {
			return (this.minNanos + (double) this.maxNanos) / 2;
		}

	}

	/**
	 * Pareto with scale {@code x_m} and shape {@code alpha} (heavy-tailed, as measured
	 * burst and idle periods in data centres often are); the mean is finite for alpha >
	 * 1.
	 */
	record Pareto(double scaleNanos, double shape) implements DurationDistribution {

		public Pareto {
			if (!(scaleNanos > 0) || !(shape > 1)) {
				throw new IllegalArgumentException(
						"Pareto needs scale > 0 and shape > 1 (finite mean): " + scaleNanos + ", " + shape);
			}
		}

		@Override
		public long sampleNanos(SplittableRandom random) {
			// Inverse transform: x_m / U^(1/alpha) with U in (0, 1].
			double u = 1.0 - random.nextDouble();
			return Math.round(this.scaleNanos / Math.pow(u, 1.0 / this.shape));
		}

		@Override
		public double meanNanos() {
			return this.shape * this.scaleNanos / (this.shape - 1);
		}

	}

	/** An exponential sample with the given mean, by inverse transform. */
	static double exponential(SplittableRandom random, double mean) {
		// 1 - U lies in (0, 1], so the logarithm is finite.
		return -Math.log(1.0 - random.nextDouble()) * mean;
	}

}
