package io.sonde.e2e.repro.gpint;

import java.util.List;

/**
 * How much of the paper's experiment to run: network sizes, repetitions (each a new
 * graph, host pairs and random streams) and sessions of each method per scenario.
 *
 * @param name {@code quick} or {@code full}, or {@code custom} for tests
 * @param sizes switches per network
 * @param repetitions networks per size, averaged with a 95% confidence interval
 * @param sessionsPerScenario sessions of every method in every scenario of a network
 */
record ReproProfile(String name, List<Integer> sizes, int repetitions, int sessionsPerScenario) {

	/**
	 * The default: sizes 20, 60 and 100, 5 repetitions, 2 sessions per method and
	 * scenario: minutes on a 2-core machine (docs/BENCHMARKS.md).
	 */
	static final ReproProfile QUICK = new ReproProfile("quick", List.of(20, 60, 100), 5, 2);

	/** The paper's: 20 to 100 switches, 20 repetitions, the measurement loop 10 times. */
	static final ReproProfile FULL = new ReproProfile("full", List.of(20, 40, 60, 80, 100), 20, 10);

	ReproProfile {
		sizes = List.copyOf(sizes);
		if (sizes.isEmpty() || sizes.stream().anyMatch((n) -> n < 5 || n > 1000)) {
			throw new IllegalArgumentException("network sizes are 5..1000 switches, got " + sizes);
		}
		if (repetitions < 1 || sessionsPerScenario < 1) {
			throw new IllegalArgumentException(
					"at least one repetition and one session, got " + repetitions + " and " + sessionsPerScenario);
		}
	}

	/**
	 * {@code REPRO_PROFILE}: unset or {@code quick} for {@link #QUICK}, {@code full} for
	 * {@link #FULL}.
	 * @throws IllegalArgumentException for anything else
	 */
	static ReproProfile named(String name) {
		if (name == null || name.isBlank() || name.equals("quick")) {
			return QUICK;
		}
		if (name.equals("full")) {
			return FULL;
		}
		throw new IllegalArgumentException("REPRO_PROFILE is quick (the default) or full, got '" + name + "'");
	}

	int largestSize() {
		return this.sizes.get(this.sizes.size() - 1);
	}

}
