package io.sonde.e2e.repro.prefilter;

import java.util.List;

/**
 * The headline of one algorithm on one traffic shape: the best gain (noop's reports per
 * second over the filter's) at a threshold that still reports every burst above it.
 * <p>
 * A threshold qualifies when the sink caught every burst above it ({@link BurstLedger})
 * and at least {@value #MIN_BURSTS_ABOVE} bursts of the run are above it. Fewer would
 * make "every burst above it" a coincidence rather than a check, and the gain a count of
 * how rare the outliers are (or, with none above, the paper's "missing data points"):
 * with 100 bursts above and none missed, the filter misses fewer than 3 % of such bursts
 * at 95 % confidence (the rule of three). Noop, the paper's threshold 0, always qualifies
 * with gain 1, so an algorithm that misses a burst at every threshold of the sweep gets
 * 1.
 */
final class BestGain {

	/** Bursts that must be above a threshold for it to count. */
	static final int MIN_BURSTS_ABOVE = 100;

	private BestGain() {
	}

	/**
	 * @param thresholdMicros where the best gain was found (0: noop)
	 * @param gain noop's reports over the filter's there
	 */
	record Pick(long thresholdMicros, double gain) {
	}

	/** Noop's reports over {@code run}'s; infinite when the run reported nothing. */
	static double gain(RunResult noop, RunResult run) {
		return (run.reports() == 0) ? Double.POSITIVE_INFINITY : (double) noop.reports() / run.reports();
	}

	/** Whether {@code run}'s threshold counts for the headline. */
	static boolean qualifies(RunResult run) {
		return run.setting().algorithm() == FilterSetting.Algorithm.NOOP
				|| (run.bursts().above() >= MIN_BURSTS_ABOVE && run.reportedEveryBurstAbove());
	}

	/** The best qualifying gain among one algorithm's runs, else noop's 1. */
	static Pick pick(RunResult noop, List<RunResult> runs) {
		Pick best = new Pick(0, 1.0);
		for (RunResult run : runs) {
			double gain = gain(noop, run);
			if (qualifies(run) && gain > best.gain()) {
				best = new Pick(run.setting().thresholdMicros(), gain);
			}
		}
		return best;
	}

}
