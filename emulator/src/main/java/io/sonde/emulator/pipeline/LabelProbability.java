package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.names.P4Actions;

/**
 * What {@code set_label_probability(threshold, scale_by_interval)}, the action of
 * sonde.p4's {@code label_probability} table (key: the item count), carries: Base B
 * labels with probability p = threshold / 65536, or p = threshold / 65536 x elapsed / (T
 * >> S) when scaled by the interval (paper §6, F3). A threshold of {@link #ALWAYS} labels
 * every time.
 *
 * @param threshold the 16-bit threshold a 16-bit random draw is compared with
 * @param scaleByInterval the action's {@code scale_by_interval} bit
 */
public record LabelProbability(int threshold, boolean scaleByInterval) {

	/** The threshold treated as p = 1. */
	public static final int ALWAYS = SondePipeline.LABEL_PROBABILITY_ALWAYS;

	/** The default action, {@code set_label_probability(0, 0)}: never. */
	public static final LabelProbability NEVER = new LabelProbability(0, false);

	public LabelProbability {
		ActionParams.check(P4Actions.SetLabelProbability.ALIAS, P4Actions.SetLabelProbability.THRESHOLD, threshold, 16);
	}

}
