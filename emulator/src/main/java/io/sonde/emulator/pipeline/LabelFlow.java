package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.names.P4Actions;

/**
 * What {@code label_specific_flow(flow_index, sample_interval_us)}, the action of
 * sonde.p4's {@code label_flows} table (key: the 5-tuple with the original protocol),
 * carries: the flow's cell of {@code label_flow_last_time} and how often one of its
 * packets becomes specific (paper §3.3).
 *
 * @param flowIndex the register cell ({@code bit<16>}, below {@link #LABEL_FLOWS})
 * @param sampleIntervalMicros microseconds between specific packets; 0 makes every packet
 * specific ({@code bit<32>})
 */
public record LabelFlow(int flowIndex, long sampleIntervalMicros) {

	/** {@code LABEL_FLOWS}: cells of {@code label_flow_last_time}. */
	public static final int LABEL_FLOWS = SondePipeline.LABEL_FLOWS;

	/** A miss of {@code label_flows}: the packet is no specific flow's. */
	public static final LabelFlow NOT_SPECIFIC = new LabelFlow(-1, 0);

	public LabelFlow {
		if (flowIndex != -1) {
			ActionParams.check(P4Actions.LabelSpecificFlow.ALIAS, P4Actions.LabelSpecificFlow.FLOW_INDEX, flowIndex,
					16);
		}
		ActionParams.check(P4Actions.LabelSpecificFlow.ALIAS, P4Actions.LabelSpecificFlow.SAMPLE_INTERVAL_US,
				sampleIntervalMicros, 32);
	}

	/** Whether the table hit. */
	public boolean specific() {
		return this.flowIndex >= 0;
	}

}
