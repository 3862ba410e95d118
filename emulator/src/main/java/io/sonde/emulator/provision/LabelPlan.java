package io.sonde.emulator.provision;

import java.util.List;
import java.util.Objects;

import io.sonde.emulator.pipeline.LabelFlow;
import io.sonde.emulator.pipeline.LabelProbability;
import io.sonde.emulator.pipeline.LabelSettings;

/**
 * What one switch is given for INT-label: {@code label_settings}' default action,
 * {@code label_probability} for n = 0 .. MAX_hop, its host-facing ports in
 * {@code label_sink_ports}, clone session 501 to the CPU port, and the
 * {@code label_flows} entries of specific flows whose source host attaches to it.
 * {@link #NONE} writes nothing.
 *
 * @param enabled whether anything is written
 * @param settings the default action of {@code label_settings}
 * @param probabilities the action for n items at index n
 * @param sinkPorts ports toward hosts
 * @param flows specific flows entering the network here
 */
public record LabelPlan(boolean enabled, LabelSettings settings, List<LabelProbability> probabilities,
		List<Integer> sinkPorts, List<FlowEntry> flows) {

	/**
	 * A {@code label_flows} entry: the 5-tuple with the original protocol, ports 0 for a
	 * protocol without them.
	 */
	public record FlowEntry(int src, int dst, int protocol, int srcPort, int dstPort, LabelFlow action) {

		public FlowEntry {
			Objects.requireNonNull(action, "action");
		}

	}

	/** Nothing for INT-label. */
	public static final LabelPlan NONE = new LabelPlan(false, LabelSettings.DEFAULT, List.of(), List.of(), List.of());

	public LabelPlan {
		Objects.requireNonNull(settings, "settings");
		probabilities = List.copyOf(probabilities);
		sinkPorts = List.copyOf(sinkPorts);
		flows = List.copyOf(flows);
	}

}
