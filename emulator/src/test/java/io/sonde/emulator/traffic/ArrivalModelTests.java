package io.sonde.emulator.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongPredicate;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.traffic.DurationDistribution.Exponential;
import io.sonde.emulator.traffic.DurationDistribution.Fixed;
import io.sonde.emulator.traffic.DurationDistribution.Pareto;
import io.sonde.emulator.traffic.DurationDistribution.Uniform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The generators' statistics. Bounds are four standard errors of the estimated quantity,
 * so a correct generator fails about once in 16,000 seeds and the seeds are fixed.
 */
class ArrivalModelTests {

	private static final int SAMPLES = 200_000;

	@Test
	void constantRateSendsExactlyItsRateWithoutDrift() {
		double rate = 7777;
		long[] times = sendTimes(new ConstantRate(rate), 100_001, 1);
		assertThat(times[0]).isZero();
		// Packet n at floor(n * 1e9 / rate): no accumulated rounding.
		assertThat(times[100_000]).isEqualTo((long) (100_000 * (1e9 / rate)));
		long period = Math.round(1e9 / rate);
		for (int i = 1; i < times.length; i++) {
			assertThat(times[i] - times[i - 1]).isBetween(period - 1, period + 1);
		}
	}

	@Test
	void poissonGapsHaveTheMeanAndSpreadOfAnExponential() {
		double rate = 50_000;
		double mean = 1e9 / rate;
		long[] gaps = gaps(new PoissonArrivals(rate), SAMPLES, 2);
		double sampleMean = average(gaps);
		double bound = 4 * mean / Math.sqrt(SAMPLES);
		assertThat(sampleMean).isBetween(mean - bound, mean + bound);
		// An exponential's standard deviation equals its mean.
		assertThat(standardDeviation(gaps, sampleMean) / sampleMean).isBetween(0.97, 1.03);
		// P(gap > mean) = 1/e.
		double p = Math.exp(-1);
		double longer = count(gaps, g -> g > mean) / (double) SAMPLES;
		double pBound = 4 * Math.sqrt(p * (1 - p) / SAMPLES);
		assertThat(longer).isBetween(p - pBound, p + pBound);
	}

	@Test
	void onOffWithFixedDurationsRepeatsTheSameBurstPattern() {
		// 10 µs bursts at one packet per µs, 40 µs apart.
		OnOffBursts model = new OnOffBursts(new Fixed(10_000), new Fixed(40_000), 1_000_000);
		long[] times = sendTimes(model, 50, 3);
		for (int burst = 0; burst < 5; burst++) {
			for (int k = 0; k < 10; k++) {
				assertThat(times[burst * 10 + k]).isEqualTo(burst * 50_000L + k * 1_000L);
			}
		}
		assertThat(model.meanPacketsPerSecond()).isEqualTo(200_000);
	}

	@Test
	void onOffBurstsAndQuietTimesFollowTheirDistributions() {
		double burstMean = 50_000;
		double quietMean = 200_000;
		long spacing = 1_000;
		OnOffBursts model = new OnOffBursts(new Exponential(burstMean), new Exponential(quietMean), 1e9 / spacing);
		long[] gaps = gaps(model, 3_000_000, 4);
		List<Long> bursts = new ArrayList<>();
		List<Long> quiet = new ArrayList<>();
		long currentBurst = spacing;
		for (long gap : gaps) {
			if (gap == spacing) {
				currentBurst += spacing;
			}
			else {
				bursts.add(currentBurst);
				// The quiet time plus what was left of the burst after its last packet
				// (less than one spacing).
				quiet.add(gap);
				currentBurst = spacing;
			}
		}
		int n = quiet.size();
		assertThat(n).isGreaterThan(10_000);
		double quietBound = 4 * quietMean / Math.sqrt(n) + spacing;
		assertThat(average(quiet)).isBetween(quietMean - quietBound, quietMean + quietBound);
		// A burst of length B carries ceil(B / spacing) packets: its measured length is B
		// rounded up to the spacing.
		double burstBound = 4 * burstMean / Math.sqrt(n) + spacing;
		assertThat(average(bursts)).isBetween(burstMean - burstBound + spacing, burstMean + burstBound);
	}

	@Test
	void durationDistributionsHaveTheirMeans() {
		SplittableRandom random = new SplittableRandom(5);
		double alpha = 3;
		Pareto pareto = new Pareto(10_000, alpha);
		// Pareto variance: x_m^2 alpha / ((alpha - 1)^2 (alpha - 2)), finite for
		// alpha > 2.
		double paretoDeviation = pareto.scaleNanos() * Math.sqrt(alpha / ((alpha - 1) * (alpha - 1) * (alpha - 2)));
		assertThat(sampleMean(pareto, random)).isCloseTo(pareto.meanNanos(),
				within(4 * paretoDeviation / Math.sqrt(SAMPLES)));
		Uniform uniform = new Uniform(1_000, 3_000);
		double uniformDeviation = 2_000 / Math.sqrt(12);
		assertThat(sampleMean(uniform, random)).isCloseTo(uniform.meanNanos(),
				within(4 * uniformDeviation / Math.sqrt(SAMPLES)));
		Exponential exponential = new Exponential(3_000);
		assertThat(sampleMean(exponential, random)).isCloseTo(3_000, within(4 * 3_000 / Math.sqrt(SAMPLES)));
		assertThat(new Fixed(7).sampleNanos(random)).isEqualTo(7);
		assertThatThrownBy(() -> new Pareto(1, 1)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("finite mean");
	}

	@Test
	void aFlowsTimesDependOnlyOnItsSeed() {
		OnOffBursts model = new OnOffBursts(new Exponential(5_000), new Pareto(1_000, 2.5), 2e6);
		assertThat(sendTimes(model, 1000, 8)).isEqualTo(sendTimes(model, 1000, 8));
		assertThat(sendTimes(model, 1000, 8)).isNotEqualTo(sendTimes(model, 1000, 9));
	}

	@Test
	void rejectsRatesThatAreNotPositive() {
		assertThatThrownBy(() -> new ConstantRate(0)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new PoissonArrivals(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new OnOffBursts(new Fixed(1), new Fixed(1), -1))
			.isInstanceOf(IllegalArgumentException.class);
	}

	private static double sampleMean(DurationDistribution distribution, SplittableRandom random) {
		long sum = 0;
		for (int i = 0; i < SAMPLES; i++) {
			sum += distribution.sampleNanos(random);
		}
		return (double) sum / SAMPLES;
	}

	private static long[] sendTimes(ArrivalModel model, int count, long seed) {
		ArrivalProcess process = model.newProcess();
		SplittableRandom random = new SplittableRandom(seed);
		long[] times = new long[count];
		times[0] = process.firstDelayNanos(random);
		for (int i = 1; i < count; i++) {
			times[i] = times[i - 1] + process.nextGapNanos(random);
		}
		return times;
	}

	private static long[] gaps(ArrivalModel model, int count, long seed) {
		ArrivalProcess process = model.newProcess();
		SplittableRandom random = new SplittableRandom(seed);
		process.firstDelayNanos(random);
		long[] gaps = new long[count];
		for (int i = 0; i < count; i++) {
			gaps[i] = process.nextGapNanos(random);
		}
		return gaps;
	}

	private static double average(long[] values) {
		double sum = 0;
		for (long value : values) {
			sum += value;
		}
		return sum / values.length;
	}

	private static double average(List<Long> values) {
		return values.stream().mapToLong(Long::longValue).average().orElseThrow();
	}

	private static double standardDeviation(long[] values, double mean) {
		double sum = 0;
		for (long value : values) {
			sum += (value - mean) * (value - mean);
		}
		return Math.sqrt(sum / (values.length - 1));
	}

	private static long count(long[] values, LongPredicate predicate) {
		long n = 0;
		for (long value : values) {
			if (predicate.test(value)) {
				n++;
			}
		}
		return n;
	}

}
