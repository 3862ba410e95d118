package io.sonde.e2e.repro.prefilter;

import java.time.Duration;

import io.sonde.e2e.repro.prefilter.FilterSetting.Algorithm;
import io.sonde.emulator.traffic.ArrivalModel;
import io.sonde.emulator.traffic.DurationDistribution;
import io.sonde.emulator.traffic.OnOffBursts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repro's accounting on a tiny configuration of the real emulator (three P4Runtime
 * switches on 127.0.0.1, sonde.p4, virtual time): identical bursts of 100 µs every 1.1 ms
 * for 20 ms, 24 packets each, the queue growing by one packet's worth (4.256 µs) with
 * every packet, so each burst peaks at 97.9 µs and the queue is empty again before the
 * next one.
 */
class FilterRunIntegrationTests {

	private static final Duration TRAFFIC = Duration.ofMillis(20);

	private static final ArrivalModel BURSTS = new OnOffBursts(new DurationDistribution.Fixed(100_000),
			new DurationDistribution.Fixed(1_000_000), BottleneckPath.burstPacketsPerSecond());

	private static final int EXPECTED_BURSTS = 19;

	@Test
	void noopReportsEveryPacketThatReachesTheSink() throws InterruptedException {
		RunResult noop = PrefilterRepro.checked(FilterRun.run(BURSTS, FilterSetting.NOOP, TRAFFIC, 7), null);

		assertThat(noop.packets()).isEqualTo(EXPECTED_BURSTS * 24L).isEqualTo(noop.sent());
		assertThat(noop.reports()).isEqualTo(noop.packets());
		assertThat(noop.bursts().bursts()).isEqualTo(EXPECTED_BURSTS);
		assertThat(noop.bursts().peakMaxNanos()).isEqualTo(23 * 4_256L);
		assertThat(noop.bursts().caught()).isEqualTo(EXPECTED_BURSTS);
	}

	/**
	 * At 50 µs per-hop change reports the packet that takes the queue past 50 µs in each
	 * burst, and the first packet of the next burst (the queue back at 0): two reports a
	 * burst but the first.
	 */
	@Test
	void perHopChangeReportsEveryBurstAboveItsThresholdWithTwoReportsABurst() throws InterruptedException {
		RunResult noop = FilterRun.run(BURSTS, FilterSetting.NOOP, TRAFFIC, 7);
		RunResult perHop = PrefilterRepro
			.checked(FilterRun.run(BURSTS, new FilterSetting(Algorithm.PER_HOP, 50), TRAFFIC, 7), noop);

		assertThat(perHop.bursts().above()).isEqualTo(EXPECTED_BURSTS);
		assertThat(perHop.bursts().caught()).isEqualTo(EXPECTED_BURSTS);
		assertThat(perHop.reports()).isEqualTo(2L * EXPECTED_BURSTS - 1);
		assertThat(BestGain.gain(noop, perHop)).isEqualTo(24.0 * EXPECTED_BURSTS / (2 * EXPECTED_BURSTS - 1));
	}

	@Test
	void aThresholdAboveEveryBurstReportsNothingAndHasNoBurstAboveIt() throws InterruptedException {
		RunResult perHop = FilterRun.run(BURSTS, new FilterSetting(Algorithm.FLOW_SUM, 200), TRAFFIC, 7);

		assertThat(perHop.reports()).isZero();
		assertThat(perHop.bursts().above()).isZero();
		assertThat(BestGain.qualifies(perHop)).isFalse();
	}

	/**
	 * The average of a 97.9 µs ramp (a quarter weight to each new sample) lags it by
	 * about three packets' worth and never passes 90 µs: every burst is above the
	 * threshold and none is reported.
	 */
	@Test
	void movingAverageMissesBurstsItSmoothsBelowItsThreshold() throws InterruptedException {
		RunResult average = FilterRun.run(BURSTS, new FilterSetting(Algorithm.MOVING_AVERAGE, 90), TRAFFIC, 7);

		assertThat(average.bursts().above()).isEqualTo(EXPECTED_BURSTS);
		assertThat(average.reports()).isZero();
		assertThat(average.bursts().missed()).isEqualTo(EXPECTED_BURSTS);
		assertThat(average.reportedEveryBurstAbove()).isFalse();
	}

}
