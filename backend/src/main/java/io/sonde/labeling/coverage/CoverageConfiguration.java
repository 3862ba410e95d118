package io.sonde.labeling.coverage;

import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.sonde.intconfig.IntConfiguration;
import io.sonde.labeling.LabelingStates;
import io.sonde.labeling.internal.LabelingProperties;
import io.sonde.store.TimeSeriesStore;
import io.sonde.switches.SwitchManagement;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkEnd;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyLink;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The coverage meter and the freshness of every port ({@code sonde.labeling.coverage.*}).
 */
@Configuration(proxyBeanMethods = false)
class CoverageConfiguration {

	@Bean
	TelemetryFreshness telemetryFreshness(TopologyCatalog topology, SwitchManagement switches,
			IntConfiguration intConfig, Clock clock) {
		return new TelemetryFreshness(() -> cabledPorts(topology), new NodeIdNames(switches, intConfig, clock),
				(from, to) -> portToward(topology, from, to));
	}

	@Bean
	@ConditionalOnProperty(name = "sonde.labeling.coverage.enabled", matchIfMissing = true)
	CoverageMeter coverageMeter(SwitchManagement switches, TopologyCatalog topology,
			ObjectProvider<LabelingStates> states, TimeSeriesStore store, TelemetryFreshness freshness,
			ApplicationEventPublisher events, Clock clock, LabelingProperties properties) {
		return new CoverageMeter(new SwitchCoverageSources(switches, topology, states),
				new CoverageHistory(store, properties.coverage().history()), freshness, events, clock,
				properties.coverage().storeEvery());
	}

	static Map<String, Set<Integer>> cabledPorts(TopologyCatalog topology) {
		Map<String, Set<Integer>> ports = new HashMap<>();
		topology.current().map(ImportedTopology::topology).ifPresent((current) -> {
			Set<String> switchNames = new HashSet<>();
			current.switches().forEach((node) -> switchNames.add(node.name()));
			for (TopologyLink link : current.links()) {
				for (LinkEnd end : new LinkEnd[] { link.a(), link.b() }) {
					if (switchNames.contains(end.node())) {
						ports.computeIfAbsent(end.node(), (name) -> new HashSet<>()).add(end.port());
					}
				}
			}
		});
		return ports;
	}

	static Integer portToward(TopologyCatalog topology, String from, String to) {
		return topology.current()
			.map(ImportedTopology::topology)
			.flatMap((current) -> current.links()
				.stream()
				.filter((link) -> (link.a().node().equals(from) && link.b().node().equals(to))
						|| (link.b().node().equals(from) && link.a().node().equals(to)))
				.map((link) -> link.a().node().equals(from) ? link.a().port() : link.b().port())
				.findFirst())
			.orElse(null);
	}

}
