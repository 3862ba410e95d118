package io.sonde.labeling.internal;

import io.sonde.p4programs.SondePipeline;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sonde.labeling.*}: INT-label's controller. Every field has its default in code;
 * a bad value stops the start with a message naming the property.
 *
 * @param maxShift the highest S the adaptive loop writes to Reg2 (0..15, default 15: T >>
 * 15 is already shorter than any packet gap at T = 10 s)
 * @param batchExports the most exports result collection applies in one Redis script call
 * (default 64)
 * @param queueCapacity exports waiting for Redis before new ones are dropped (default
 * 100,000)
 * @param workers threads applying exports at once (default 2)
 */
@ConfigurationProperties("sonde.labeling")
record LabelingProperties(Integer maxShift, Integer batchExports, Integer queueCapacity, Integer workers) {

	LabelingProperties {
		maxShift = within("max-shift", maxShift, SondePipeline.LABEL_MAX_SHIFT, 0, SondePipeline.LABEL_MAX_SHIFT);
		batchExports = within("batch-exports", batchExports, 64, 1, 10_000);
		queueCapacity = within("queue-capacity", queueCapacity, 100_000, 1, 10_000_000);
		workers = within("workers", workers, 2, 1, 16);
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

}
