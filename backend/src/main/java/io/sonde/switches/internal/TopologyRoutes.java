package io.sonde.switches.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.DesiredStateChanged;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import io.sonde.topology.ImportedTopology;
import io.sonde.topology.LinkStateChanged;
import io.sonde.topology.LinkStates;
import io.sonde.topology.TopologyCatalog;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyImported;
import p4.v1.Entity;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;

/**
 * Forwarding for every switch of the topology: a /32 {@code ipv4_lpm} route per host
 * along its shortest paths. Where the topology offers one next hop the route names it
 * ({@code set_next_hop}); where it offers several (a FatTree's uplinks) the route names
 * ECMP group {@code host index + 1} ({@code set_next_hop_group}), bound by
 * {@code next_hop} to the action profile group of that id, whose members are the
 * equal-cost next hops (one member per port, member id = port) and which the switch's
 * selector hashes flows over, seeded per switch ({@code ecmp_salt}).
 * <p>
 * Membership follows {@link LinkStates}: a next hop over a link that is down leaves its
 * group (the route takes the shortest paths left; none, no route) and comes back with the
 * link. sonde.p4 forwards nothing without routes, and a pipeline push erases them, so
 * they are desired state like the INT configuration. A registered switch is matched to
 * the topology by name.
 */
public class TopologyRoutes implements DesiredStateContributor {

	private final TopologyCatalog catalog;

	private final ApplicationEventPublisher events;

	private final LinkStates links;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private volatile Cached cached;

	private final boolean enabled;

	public TopologyRoutes(TopologyCatalog catalog, LinkStates links, ApplicationEventPublisher events,
			boolean enabled) {
		this.catalog = catalog;
		this.links = links;
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
		return new SwitchRoutes(graph.get(), device.name()).entities();
	}

	/** One switch's routes, ECMP members and groups, in the order a switch needs them. */
	private final class SwitchRoutes {

		private final List<Entity> groups = new ArrayList<>();

		private final List<Entity> nextHops = new ArrayList<>();

		private final List<Entity> routes = new ArrayList<>();

		private final Map<Integer, TopologyGraph.NextHop> members = new TreeMap<>();

		private final String switchName;

		SwitchRoutes(TopologyGraph graph, String switchName) {
			this.switchName = switchName;
			Map<String, Integer> hostIndex = new HashMap<>();
			graph.topology().hosts().forEach((host) -> hostIndex.put(host.name(), hostIndex.size()));
			Map<String, TopologyGraph.EqualCostRoute> live = new HashMap<>();
			graph.equalCostRoutes(switchName, TopologyRoutes.this.links.down())
				.forEach((route) -> live.put(route.host(), route));
			for (TopologyGraph.EqualCostRoute planned : graph.equalCostRoutes(switchName, Set.of())) {
				TopologyGraph.EqualCostRoute now = live.get(planned.host());
				boolean reachable = now != null && !now.nextHops().isEmpty();
				if (planned.nextHops().size() == 1) {
					if (reachable) {
						TopologyGraph.NextHop next = now.nextHops().get(0);
						this.routes.add(TopologyRoutes.this.entities.route(ipv4(planned.ipv4()), 32, next.port(),
								mac(next.mac())));
					}
					continue;
				}
				planned.nextHops().forEach((next) -> this.members.putIfAbsent(next.port(), next));
				if (reachable) {
					group(planned.ipv4(), hostIndex.get(planned.host()) + 1, now.nextHops());
				}
			}
		}

		private void group(String ipv4, int groupId, List<TopologyGraph.NextHop> nextHops) {
			nextHops.forEach((next) -> this.members.putIfAbsent(next.port(), next));
			List<Integer> ports = nextHops.stream()
				.map(TopologyGraph.NextHop::port)
				.limit(TopologyRoutes.this.entities.maxGroupSize())
				.toList();
			this.groups.add(TopologyRoutes.this.entities.nextHopGroup(groupId, ports));
			this.nextHops.add(TopologyRoutes.this.entities.nextHop(groupId));
			this.routes.add(TopologyRoutes.this.entities.routeToGroup(ipv4(ipv4), 32, groupId));
		}

		/** Salt and members, groups, their next_hop entries, routes. */
		List<Entity> entities() {
			List<Entity> all = new ArrayList<>();
			if (!this.members.isEmpty()) {
				SondeEntities entities = TopologyRoutes.this.entities;
				all.add(entities.ecmpSalt(SondeEntities.ecmpSaltOf(this.switchName)));
				this.members.forEach((port, next) -> all.add(entities.nextHopMember(port, port, mac(next.mac()))));
			}
			all.addAll(this.groups);
			all.addAll(this.nextHops);
			all.addAll(this.routes);
			return all;
		}

	}

	/** A link went down or came up: every switch's groups may change. */
	@EventListener
	public void linkStateChanged(LinkStateChanged changed) {
		this.events.publishEvent(
				new DesiredStateChanged("link " + changed.link() + (changed.up() ? " up" : " down"), Set.of()));
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
