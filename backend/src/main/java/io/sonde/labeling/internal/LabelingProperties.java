package io.sonde.labeling.internal;

import java.time.Duration;

import io.sonde.p4programs.SondePipeline;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sonde.labeling.*}: INT-label's controller and its coverage meter. Every field
 * has its default in code; a bad value stops the start with a message naming the
 * property.
 *
 * @param maxShift the highest S the adaptive loop writes to Reg2 (0..15, default 15: T >>
 * 15 is already shorter than any packet gap at T = 10 s)
 * @param batchExports the most exports result collection applies in one Redis script call
 * (default 64)
 * @param queueCapacity exports waiting for Redis before new ones are dropped (default
 * 100,000)
 * @param workers threads applying exports at once (default 2)
 * @param coverage the coverage meter ({@code sonde.labeling.coverage.*})
 */
@ConfigurationProperties("sonde.labeling")
public record LabelingProperties(Integer maxShift, Integer batchExports, Integer queueCapacity, Integer workers,
		@DefaultValue Coverage coverage) {

	public LabelingProperties {
		maxShift = within("max-shift", maxShift, SondePipeline.LABEL_MAX_SHIFT, 0, SondePipeline.LABEL_MAX_SHIFT);
		batchExports = within("batch-exports", batchExports, 64, 1, 10_000);
		queueCapacity = within("queue-capacity", queueCapacity, 100_000, 1, 10_000_000);
		workers = within("workers", workers, 2, 1, 16);
		coverage = (coverage != null) ? coverage : new Coverage(true, Duration.ofMinutes(15), Duration.ofSeconds(1));
	}

	private static int within(String name, Integer value, int otherwise, int min, int max) {
		if (value == null) {
			return otherwise;
		}
		if (value < min || value > max) {
			throw new IllegalArgumentException(
					"sonde.labeling." + name + " must be in " + min + ".." + max + ", was " + value);
		}
		return value;
	}

	/**
	 * {@code sonde.labeling.coverage.*}. Ti itself is a labeling parameter
	 * ({@code telemetryIntervalMs}), not a property: operators change it through the API.
	 *
	 * @param enabled measure coverage (reads every connected switch's counters once per
	 * Ti)
	 * @param history how much of the coverage history the backend keeps in memory and
	 * loads back from the time-series store at start (default 15 min)
	 * @param storeEvery how often the closed windows are written to the time-series store
	 * in one batch (default 1 s)
	 */
	public record Coverage(@DefaultValue("true") boolean enabled, @DefaultValue("15m") Duration history,
			@DefaultValue("1s") Duration storeEvery) {

		public Coverage {
			if (history == null || history.isNegative() || history.isZero()) {
				throw new IllegalArgumentException("sonde.labeling.coverage.history must be positive, was " + history);
			}
			if (storeEvery == null || storeEvery.isNegative() || storeEvery.isZero()) {
				throw new IllegalArgumentException(
						"sonde.labeling.coverage.store-every must be positive, was " + storeEvery);
			}
		}

	}

}
