package io.sonde.probes.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.probes.recovery.RecoveryParameters;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import p4.v1.Entity;

/**
 * What a switch needs to take part in probing sessions: its {@code probe_settings} (SQR
 * on or off, t_f, from the configured profile) and a clone session
 * {@code PROBE_CLONE_SESSION_BASE + p} for each port a probe can arrive on or leave by
 * (its links to other switches and the CPU port), through which it sends feedback and
 * keeps its stored copies. A session that asks for another profile changes only the
 * monitoring module's timers, never the switches'.
 */
class ProbeSwitchSettings implements DesiredStateContributor {

	private final TopologyCatalog catalog;

	private final RecoveryParameters parameters;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private volatile Cached cached;

	ProbeSwitchSettings(TopologyCatalog catalog, RecoveryParameters parameters) {
		this.catalog = catalog;
		this.parameters = parameters;
	}

	@Override
	public String name() {
		return "probe settings";
	}

	@Override
	public List<Entity> entitiesFor(SwitchDevice device) {
		List<Entity> wanted = new ArrayList<>();
		wanted.add(this.entities.probeSettings(this.parameters.recoveryEnabled(),
				this.parameters.feedbackTimeout().toNanos() / 1_000));
		TreeSet<Integer> ports = new TreeSet<>(probePorts(device.name()));
		ports.add(SondePipeline.CPU_PORT);
		ports.forEach(
				(port) -> wanted.add(this.entities.cloneSession(SondePipeline.PROBE_CLONE_SESSION_BASE + port, port)));
		return wanted;
	}

	private List<Integer> probePorts(String switchName) {
		Optional<ImportedTopology> current = this.catalog.current();
		if (current.isEmpty() || current.get().topology().switchNamed(switchName).isEmpty()) {
			return List.of();
		}
		Cached last = this.cached;
		if (last == null || last.imported() != current.get()) {
			last = new Cached(current.get(), TopologyGraph.of(current.get().topology()));
			this.cached = last;
		}
		TopologyGraph graph = last.graph();
		return graph.neighbours(switchName)
			.stream()
			.filter((adjacency) -> !graph.isHost(adjacency.node()))
			.map(TopologyGraph.Adjacency::port)
			.toList();
	}

	/**
	 * The graph of the topology last asked about: every switch of a reconcile shares it.
	 */
	private record Cached(ImportedTopology imported, TopologyGraph graph) {
	}

}
