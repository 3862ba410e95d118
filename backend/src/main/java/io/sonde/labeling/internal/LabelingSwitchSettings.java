package io.sonde.labeling.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.sonde.labeling.LabelingMode;
import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.ProbabilityFunction;
import io.sonde.labeling.SpecificFlow;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.LabelMode;
import io.sonde.p4programs.entries.LabelFlow;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import p4.v1.Entity;

/**
 * What a switch needs to label (the decisions' "Desired state"): {@code label_settings}
 * (mode off while labeling is off, so a switch stops when it is turned off),
 * {@code label_probability} for n = 0 .. MAX_hop from f, {@code label_sink_ports} toward
 * the hosts of the topology, clone session 501 to the CPU port, the specific flows whose
 * source host attaches to it, Reg2 ({@code label_shift}) of every cabled port with its
 * current S (0 unless the switch is PRO), and its INT node id when the INT configuration
 * does not set it, so its items name it.
 */
class LabelingSwitchSettings implements DesiredStateContributor {

	private final StoredLabelingControl control;

	private final NetworkFacts network;

	private final AdaptiveLoop adaptive;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	LabelingSwitchSettings(StoredLabelingControl control, NetworkFacts network, AdaptiveLoop adaptive) {
		this.control = control;
		this.network = network;
		this.adaptive = adaptive;
	}

	@Override
	public String name() {
		return "labeling";
	}

	@Override
	public List<Entity> entitiesFor(SwitchDevice device) {
		Optional<LabelingParameters> inForce = this.control.inForce(device.name());
		if (inForce.isEmpty()) {
			return turnedOff(device);
		}
		LabelingParameters parameters = inForce.get();
		List<Entity> wanted = new ArrayList<>();
		if (!this.network.intConfigured(device.name())) {
			wanted.add(this.entities.nodeId(this.network.nodeId(device)));
		}
		wanted.add(this.entities.labelSettings(dataPlaneMode(parameters.mode()), parameters.intervalMs() * 1_000L,
				parameters.restMs() * 1_000L, parameters.maxHop()));
		for (int n = 0; n <= parameters.maxHop(); n++) {
			wanted.add(this.entities.labelProbability(n, threshold(parameters.probability(), n, parameters.maxHop()),
					parameters.probability() == ProbabilityFunction.F3));
		}
		this.network.hostPorts(device.name()).forEach((port) -> wanted.add(this.entities.labelSinkPort(port)));
		wanted.add(this.entities.labelExportMirror(SondePipeline.CPU_PORT));
		for (SpecificFlow flow : this.control.flows()) {
			if (flow.ingressSwitch().equals(device.name())) {
				wanted.add(
						this.entities.labelFlow(
								new LabelFlow(ipv4(flow.srcAddr()), ipv4(flow.dstAddr()), flow.protocol(),
										flow.srcPort(), flow.dstPort()),
								flow.index(), flow.sampleIntervalMs() * 1_000L));
			}
		}
		shifts(device.name(), parameters.mode()).forEach((port, shift) -> {
			if (port < SondePipeline.MAX_PORTS) {
				wanted.add(this.entities.labelShift(port, shift));
			}
		});
		return wanted;
	}

	/**
	 * Nothing before labeling was ever on (a network that never labels holds nothing of
	 * it); once turned off, mode 0 with the sink ports and the export session kept, so
	 * the labeled packets still in flight are extracted at their last hop.
	 */
	private List<Entity> turnedOff(SwitchDevice device) {
		if (!this.control.everApplied()) {
			return List.of();
		}
		LabelingParameters off = LabelingParameters.DEFAULTS;
		List<Entity> wanted = new ArrayList<>();
		wanted.add(this.entities.labelSettings(LabelMode.OFF, off.intervalMs() * 1_000L, 0, off.maxHop()));
		this.network.hostPorts(device.name()).forEach((port) -> wanted.add(this.entities.labelSinkPort(port)));
		wanted.add(this.entities.labelExportMirror(SondePipeline.CPU_PORT));
		return wanted;
	}

	/**
	 * S per cabled port (0 when not PRO, or never raised) and per port the loop raised.
	 */
	private Map<Integer, Integer> shifts(String switchName, LabelingMode mode) {
		Map<Integer, Integer> shifts = new TreeMap<>();
		this.network.ports(switchName).forEach((port) -> shifts.put(port, 0));
		Map<Integer, Integer> raised = this.adaptive.shiftsOf(switchName);
		raised.forEach((port, shift) -> shifts.put(port, (mode == LabelingMode.PRO) ? shift : 0));
		return shifts;
	}

	static LabelMode dataPlaneMode(LabelingMode mode) {
		return (mode == LabelingMode.A) ? LabelMode.BASE_A : LabelMode.BASE_B;
	}

	/**
	 * f(n) as {@code set_label_probability}'s threshold over 65536: F1 f(0) = 0, f(n >=
	 * 1) = 1; F2 and F3 (F3 scaled by the interval in the data plane) n / (MAX_hop - 1)
	 * capped at 1; 1 is {@link SondePipeline#LABEL_PROBABILITY_ALWAYS}.
	 */
	static int threshold(ProbabilityFunction function, int itemCount, int maxHop) {
		if (function == ProbabilityFunction.F1) {
			return (itemCount == 0) ? 0 : SondePipeline.LABEL_PROBABILITY_ALWAYS;
		}
		if (itemCount >= maxHop - 1) {
			return SondePipeline.LABEL_PROBABILITY_ALWAYS;
		}
		return (int) Math.min(SondePipeline.LABEL_PROBABILITY_ALWAYS - 1, (itemCount * 65_536L) / (maxHop - 1));
	}

	private static int ipv4(String dotted) {
		String[] parts = dotted.split("\\.");
		int address = 0;
		for (String part : parts) {
			address = (address << 8) | Integer.parseInt(part);
		}
		return address;
	}

}
