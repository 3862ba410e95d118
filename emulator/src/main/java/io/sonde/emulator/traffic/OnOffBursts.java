package io.sonde.emulator.traffic;

import java.util.SplittableRandom;

/**
 * Bursty on/off traffic, the microburst model paper 003 (§IV-B) drives its event
 * detection experiments with: a burst lasts a duration drawn from {@code burstDuration},
 * during which packets leave back to back at {@code burstPacketsPerSecond}; then the flow
 * is silent for an inter-burst time drawn from {@code interBurstTime}, measured from the
 * end of one burst to the start of the next. The paper takes both distributions from a
 * burst Markov model fitted to Facebook data-centre measurements (Zhang et al., IMC 2017,
 * where most bursts last tens of microseconds); choose them per workload (web, cache,
 * hadoop).
 * <p>
 * Every burst carries at least one packet, sent at its start; the flow starts with a
 * burst.
 */
public record OnOffBursts(DurationDistribution burstDuration, DurationDistribution interBurstTime,
		double burstPacketsPerSecond) implements ArrivalModel {

	public OnOffBursts {
		if (burstDuration == null || interBurstTime == null) {
			throw new IllegalArgumentException("an on/off model needs burst and inter-burst distributions");
		}
		if (!(burstPacketsPerSecond > 0) || Double.isInfinite(burstPacketsPerSecond)) {
			throw new IllegalArgumentException("a burst rate must be positive and finite: " + burstPacketsPerSecond);
		}
	}

	@Override
	public ArrivalProcess newProcess() {
		long spacing = Math.max(1, Math.round(1e9 / this.burstPacketsPerSecond));
		return new ArrivalProcess() {

			private long burstLength;

			private long sinceBurstStart;

			@Override
			public long firstDelayNanos(SplittableRandom random) {
				startBurst(random);
				return 0;
			}

			@Override
			public long nextGapNanos(SplittableRandom random) {
				long next = this.sinceBurstStart + spacing;
				if (next < this.burstLength) {
					this.sinceBurstStart = next;
					return spacing;
				}
				long restOfBurst = this.burstLength - this.sinceBurstStart;
				long quiet = OnOffBursts.this.interBurstTime.sampleNanos(random);
				startBurst(random);
				return restOfBurst + quiet;
			}

			private void startBurst(SplittableRandom random) {
				this.burstLength = OnOffBursts.this.burstDuration.sampleNanos(random);
				this.sinceBurstStart = 0;
			}

		};
	}

	/**
	 * The rate during bursts times the fraction of time in bursts, ignoring the one
	 * packet every burst sends even when shorter than the spacing.
	 */
	@Override
	public double meanPacketsPerSecond() {
		double on = this.burstDuration.meanNanos();
		double off = this.interBurstTime.meanNanos();
		return this.burstPacketsPerSecond * on / (on + off);
	}

}
