package io.sonde.labeling;

import java.time.Duration;
import java.util.Objects;

/**
 * The labeling parameters in force for one switch (the network-wide document with that
 * switch's overrides applied).
 *
 * @param mode how the switch labels
 * @param intervalMs T, the labeling interval (1..10,000 ms)
 * @param restMs T1, Base B's rest time (0..T ms)
 * @param k the adaptive loop's aging factor: a port is stale after k * T (1..100)
 * @param probability Base B's probability function
 * @param maxHop MAX_hop, the most items a packet carries (2..8)
 * @param telemetryIntervalMs Ti, the coverage window (10..60,000 ms)
 */
public record LabelingParameters(LabelingMode mode, int intervalMs, int restMs, int k, ProbabilityFunction probability,
		int maxHop, int telemetryIntervalMs) {

	/**
	 * The defaults of the decisions (paper §6.1): PRO, T 50 ms, T1 0, k 3, F1, 5 hops, Ti
	 * 100 ms.
	 */
	public static final LabelingParameters DEFAULTS = new LabelingParameters(LabelingMode.PRO, 50, 0, 3,
			ProbabilityFunction.F1, 5, 100);

	public LabelingParameters {
		Objects.requireNonNull(mode, "mode");
		Objects.requireNonNull(probability, "probability");
	}

	/** k * T: how long a port may go without an applied item before it is stale. */
	public Duration aging() {
		return Duration.ofMillis((long) this.k * this.intervalMs);
	}

}
