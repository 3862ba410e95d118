package io.sonde.switches.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.DesiredStateChanged;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyImported;
import p4.v1.Entity;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;

/**
 * Forwarding for every switch of the topology: a /32 {@code ipv4_lpm} route per host
 * along a shortest path. sonde.p4 forwards nothing without routes, and a pipeline push
 * erases them, so they are desired state like the INT configuration. A registered switch
 * is matched to the topology by name.
 */
public class TopologyRoutes implements DesiredStateContributor {

	private final TopologyCatalog catalog;

	private final ApplicationEventPublisher events;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private volatile Cached cached;

	private final boolean enabled;

	public TopologyRoutes(TopologyCatalog catalog, ApplicationEventPublisher events, boolean enabled) {
		this.catalog = catalog;
		this.events = events;
		this.enabled = enabled;
	}

	@Override
	public String name() {
		return "routes";
	}

	@Override
	public List<Entity> entitiesFor(SwitchDevice device) {
		Optional<TopologyGraph> graph = this.enabled ? graph() : Optional.empty();
		if (graph.isEmpty() || graph.get().topology().switchNamed(device.name()).isEmpty()) {
			return List.of();
		}
		List<Entity> routes = new ArrayList<>();
		for (TopologyGraph.HostRoute route : graph.get().hostRoutes(device.name())) {
			routes.add(this.entities.route(ipv4(route.ipv4()), 32, route.egressPort(), mac(route.nextHopMac())));
		}
		return routes;
	}

	@EventListener
	public void topologyImported(TopologyImported imported) {
		this.events.publishEvent(new DesiredStateChanged("topology imported", Set.of()));
	}

	private Optional<TopologyGraph> graph() {
		Optional<ImportedTopology> current = this.catalog.current();
		if (current.isEmpty()) {
			return Optional.empty();
		}
		Cached last = this.cached;
		if (last == null || last.imported() != current.get()) {
			last = new Cached(current.get(), TopologyGraph.of(current.get().topology()));
			this.cached = last;
		}
		return Optional.of(last.graph());
	}

	static int ipv4(String dotted) {
		String[] parts = dotted.split("\\.");
		int value = 0;
		for (String part : parts) {
			value = (value << 8) | Integer.parseInt(part);
		}
		return value;
	}

	static long mac(String colons) {
		return Long.parseLong(colons.replace(":", ""), 16);
	}

	private record Cached(ImportedTopology imported, TopologyGraph graph) {
	}

}
