package io.sonde.e2e.repro.prefilter;

import java.util.List;

import io.sonde.e2e.repro.prefilter.FilterSetting.Algorithm;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which threshold's gain becomes the headline of an algorithm. */
class BestGainTests {

	private static final int BURSTS = 1_000;

	private static final RunResult NOOP = run(Algorithm.NOOP, 0, 10_000, 900, 900);

	@Test
	void picksTheHighestGainAmongThresholdsThatCaughtEveryBurstAboveThem() {
		List<RunResult> runs = List.of(run(Algorithm.PER_HOP, 10, 2_000, 800, 800),
				run(Algorithm.PER_HOP, 50, 500, 200, 200), run(Algorithm.PER_HOP, 100, 250, 120, 120));

		assertThat(BestGain.pick(NOOP, runs)).isEqualTo(new BestGain.Pick(100, 40.0));
	}

	@Test
	void aThresholdThatMissedABurstAboveItDoesNotCount() {
		List<RunResult> runs = List.of(run(Algorithm.PER_HOP, 10, 2_000, 800, 800),
				run(Algorithm.PER_HOP, 50, 500, 200, 199));

		assertThat(BestGain.pick(NOOP, runs)).isEqualTo(new BestGain.Pick(10, 5.0));
	}

	@Test
	void aThresholdThatFewerThanAHundredBurstsExceedDoesNotCount() {
		List<RunResult> runs = List.of(run(Algorithm.PER_HOP, 50, 500, 200, 200),
				run(Algorithm.PER_HOP, 100, 200, 100, 100), run(Algorithm.PER_HOP, 200, 20, 99, 99),
				run(Algorithm.PER_HOP, 500, 0, 0, 0));

		assertThat(BestGain.pick(NOOP, runs)).isEqualTo(new BestGain.Pick(100, 50.0));
	}

	@Test
	void fallsBackToNoopWhenNoThresholdCaughtEveryBurstAboveIt() {
		List<RunResult> runs = List.of(run(Algorithm.MOVING_AVERAGE, 10, 1_000, 800, 700),
				run(Algorithm.MOVING_AVERAGE, 50, 100, 200, 20));

		assertThat(BestGain.pick(NOOP, runs)).isEqualTo(new BestGain.Pick(0, 1.0));
	}

	@Test
	void noopQualifiesHoweverFewBurstsQueued() {
		assertThat(BestGain.qualifies(run(Algorithm.NOOP, 0, 10_000, 5, 5))).isTrue();
	}

	@Test
	void aRunWithoutReportsHasAnInfiniteGainButNoBurstAboveToQualify() {
		RunResult silent = run(Algorithm.PER_HOP, 500, 0, 0, 0);

		assertThat(BestGain.gain(NOOP, silent)).isInfinite();
		assertThat(BestGain.qualifies(silent)).isFalse();
	}

	private static RunResult run(Algorithm algorithm, long thresholdMicros, long reports, int above, int caught) {
		return new RunResult(new FilterSetting(algorithm, thresholdMicros), 1.0, 10_000, 10_000, 10_000, reports, 0,
				new BurstLedger.BurstSummary(BURSTS, above, caught, 0, 0, 0, 0));
	}

}
