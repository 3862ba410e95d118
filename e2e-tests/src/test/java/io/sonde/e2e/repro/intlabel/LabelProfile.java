package io.sonde.e2e.repro.intlabel;

import java.time.Duration;

/**
 * How much of the paper's experiments to run.
 *
 * @param name {@code quick} or {@code full}, or {@code custom} for tests
 * @param repetitions fabrics per setting (each with its own seed: arrivals, link loss,
 * Base B's draws), averaged
 * @param packetsPerRun packets the senders send in a run's measured time (the paper's
 * Figs. 7, 8, 18 and 19 count over 10,000)
 */
record LabelProfile(String name, int repetitions, int packetsPerRun) {

	/**
	 * The default: three fabrics, 10,000 packets per run (the paper's count): under two
	 * minutes on a 2-core machine.
	 */
	static final LabelProfile QUICK = new LabelProfile("quick", 3, 10_000);

	/** Ten fabrics, 30,000 packets per run: about seven minutes on a 2-core machine. */
	static final LabelProfile FULL = new LabelProfile("full", 10, 30_000);

	LabelProfile {
		if (repetitions < 1 || packetsPerRun < 100) {
			throw new IllegalArgumentException(
					"at least one repetition and 100 packets per run, got " + repetitions + " and " + packetsPerRun);
		}
	}

	/**
	 * {@code REPRO_PROFILE}: unset or {@code quick} for {@link #QUICK}, {@code full} for
	 * {@link #FULL}.
	 * @throws IllegalArgumentException for anything else
	 */
	static LabelProfile named(String name) {
		if (name == null || name.isBlank() || name.equals("quick")) {
			return QUICK;
		}
		if (name.equals("full")) {
			return FULL;
		}
		throw new IllegalArgumentException("REPRO_PROFILE is quick (the default) or full, got '" + name + "'");
	}

	/** Virtual time a run measures: its packets at the senders' rate. */
	Duration measured() {
		return Duration.ofNanos(Math.round(this.packetsPerRun / SenderTraffic.totalPacketsPerSecond() * 1e9));
	}

}
