package io.sonde.labeling.coverage;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.labeling.LabelingParameters;
import io.sonde.labeling.LabelingControl;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.internal.NetworkFacts;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchView;

import org.springframework.beans.factory.ObjectProvider;

/**
 * The coverage meter's sources in the running backend: the switches module for the
 * connections and the counters, the topology for the cabled ports, and the labeling
 * parameters for Ti (the smallest Ti among the connected switches' effective parameters:
 * coverage is network-wide, so the finest resolution asked for wins).
 */
final class SwitchCoverageSources implements CoverageSources {

	private final SwitchManagement switches;

	private final NetworkFacts network;

	private final ObjectProvider<LabelingStates> states;

	private final SwitchCounterReader counters;

	private final ObjectProvider<LabelingControl> control;

	private volatile List<String> lastLabeling = List.of();

	private volatile int lastKnownMs = LabelingParameters.DEFAULTS.telemetryIntervalMs();

	SwitchCoverageSources(SwitchManagement switches, NetworkFacts network, ObjectProvider<LabelingStates> states,
			ObjectProvider<LabelingControl> control) {
		this.switches = switches;
		this.control = control;
		this.network = network;
		this.states = states;
		this.counters = new SwitchCounterReader(switches);
	}

	@Override
	public int telemetryIntervalMs() {
		int fallback = this.lastKnownMs;
		LabelingStates known = this.states.getIfAvailable();
		if (known == null) {
			return fallback;
		}
		try {
			this.lastKnownMs = connectedSwitches().stream()
				.mapToInt((name) -> known.effective(name).telemetryIntervalMs())
				.min()
				.orElse(fallback);
			return this.lastKnownMs;
		}
		catch (RuntimeException ex) {
			// Parameters unreadable (Redis away): keep measuring at the
			// last resolution known.
			return fallback;
		}
	}

	/**
	 * The connected switches that label: one where labeling is off has no coverage to
	 * measure, and its counters are not read every Ti.
	 */
	@Override
	public List<String> connectedSwitches() {
		LabelingControl known = this.control.getIfAvailable();
		List<String> labeling;
		try {
			labeling = this.switches.switches()
				.stream()
				.filter((view) -> view.connection().state() == ConnectionState.PRIMARY
						|| view.connection().state() == ConnectionState.BACKUP)
				.map(SwitchView::name)
				.filter((name) -> known == null || known.inForce(name).isPresent())
				.toList();
		}
		catch (RuntimeException ex) {
			// Parameters unreadable (Redis away): the switches that labeled last time.
			return this.lastLabeling;
		}
		this.lastLabeling = labeling;
		return labeling;
	}

	@Override
	public Map<String, Set<Integer>> cabledPorts() {
		return this.network.cabledPorts();
	}

	@Override
	public CounterSnapshot read(String switchName) {
		return this.counters.read(switchName);
	}

}
