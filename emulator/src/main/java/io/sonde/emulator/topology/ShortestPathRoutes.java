package io.sonde.emulator.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.emulator.net.MacAddress;

/**
 * Shortest-path routes (hop count) to every host, one /32 per host, deterministic: each
 * switch keeps one next hop per destination, and the plan also lists every equal-cost
 * next hop for controllers that spread flows over them (ECMP).
 * <p>
 * For each destination host, a breadth-first search from the host's switch gives every
 * switch its distance; a switch's next hop is one of its neighbours one hop closer. When
 * several are (a fat tree has many equal-cost paths), the candidates are taken in port
 * order and a fixed hash of (destination host number, switch number) picks one. Like the
 * destination-based routing of fat trees, this spreads destinations over the uplinks and
 * cores while every packet to one host from one switch takes one path (no per-flow
 * hashing, so ground truth has one path per destination). The hash, rather than
 * {@code host mod count} at every switch, keeps the choices of successive tiers
 * independent: with the same rule at each tier, a fat tree would use only the cores on
 * its "diagonal". Every step strictly lowers the distance, so the routes are loop-free.
 */
public final class ShortestPathRoutes {

	private ShortestPathRoutes() {
	}

	public static RoutingPlan compute(Topology topology) {
		Map<String, List<Neighbour>> adjacency = switchAdjacency(topology);
		Map<String, MacAddress> macs = new HashMap<>();
		topology.switches().forEach(s -> macs.put(s.name(), s.mac()));
		topology.hosts().forEach(h -> macs.put(h.name(), h.mac()));
		Map<String, List<Route>> routes = new LinkedHashMap<>();
		Map<String, List<EqualCostRoute>> equalCost = new LinkedHashMap<>();
		topology.switches().forEach(s -> routes.put(s.name(), new ArrayList<>()));
		topology.switches().forEach(s -> equalCost.put(s.name(), new ArrayList<>()));
		Map<String, Endpoint> attachments = attachments(topology);
		// Hosts on the same switch share the search: distances depend on
		// that switch only.
		Map<String, List<List<Neighbour>>> closerByOrigin = new HashMap<>();
		List<String> switchNames = List.copyOf(adjacency.keySet());
		List<HostSpec> hosts = topology.hosts();
		for (int hostIndex = 0; hostIndex < hosts.size(); hostIndex++) {
			HostSpec host = hosts.get(hostIndex);
			Endpoint attachment = attachments.get(host.name());
			if (!adjacency.containsKey(attachment.node())) {
				continue;
			}
			routes.get(attachment.node())
				.add(new Route(attachment.node(), host.ipv4(), 32, attachment.port(), host.name(), host.mac(),
						host.name()));
			equalCost.get(attachment.node())
				.add(new EqualCostRoute(attachment.node(), host.ipv4(), host.name(),
						List.of(new EqualCostRoute.NextHop(attachment.port(), host.name(), host.mac()))));
			List<List<Neighbour>> closer = closerByOrigin.computeIfAbsent(attachment.node(),
					origin -> closerNeighbours(origin, switchNames, adjacency));
			for (int switchIndex = 0; switchIndex < switchNames.size(); switchIndex++) {
				List<Neighbour> candidates = closer.get(switchIndex);
				if (candidates.isEmpty()) {
					continue;
				}
				String switchName = switchNames.get(switchIndex);
				Neighbour next = candidates.get(pick(hostIndex, switchIndex, candidates.size()));
				routes.get(switchName)
					.add(new Route(switchName, host.ipv4(), 32, next.port(), next.node(), macs.get(next.node()),
							host.name()));
				equalCost.get(switchName)
					.add(new EqualCostRoute(switchName, host.ipv4(), host.name(),
							candidates.stream()
								.map(n -> new EqualCostRoute.NextHop(n.port(), n.node(), macs.get(n.node())))
								.toList()));
			}
		}
		return new RoutingPlan(topology, routes, equalCost);
	}

	/**
	 * For each switch (in {@code switchNames} order), its neighbours one hop closer to
	 * {@code origin}, in port order; empty for the origin and for unreachable switches.
	 */
	private static List<List<Neighbour>> closerNeighbours(String origin, List<String> switchNames,
			Map<String, List<Neighbour>> adjacency) {
		Map<String, Integer> distance = distancesTo(origin, adjacency);
		List<List<Neighbour>> closer = new ArrayList<>(switchNames.size());
		for (String switchName : switchNames) {
			Integer own = distance.get(switchName);
			if (own == null || own == 0) {
				closer.add(List.of());
				continue;
			}
			closer.add(adjacency.get(switchName)
				.stream()
				.filter(n -> distance.getOrDefault(n.node(), Integer.MAX_VALUE) == own - 1)
				.toList());
		}
		return closer;
	}

	/** Where each host is cabled. */
	private static Map<String, Endpoint> attachments(Topology topology) {
		Set<String> hosts = new HashSet<>();
		topology.hosts().forEach(host -> hosts.add(host.name()));
		Map<String, Endpoint> attachments = new HashMap<>();
		for (LinkSpec link : topology.links()) {
			if (hosts.contains(link.a().node())) {
				attachments.put(link.a().node(), link.b());
			}
			if (hosts.contains(link.b().node())) {
				attachments.put(link.b().node(), link.a());
			}
		}
		return attachments;
	}

	/** A fixed, well-mixed choice among {@code count} candidates. */
	static int pick(int hostIndex, int switchIndex, int count) {
		long z = ((long) hostIndex << 32) ^ switchIndex;
		z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
		z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
		z ^= z >>> 31;
		return (int) Math.floorMod(z, (long) count);
	}

	/** Switch-to-switch links only, each switch's neighbours sorted by its port. */
	private static Map<String, List<Neighbour>> switchAdjacency(Topology topology) {
		Map<String, List<Neighbour>> adjacency = new LinkedHashMap<>();
		topology.switches().forEach(s -> adjacency.put(s.name(), new ArrayList<>()));
		for (LinkSpec link : topology.links()) {
			String a = link.a().node();
			String b = link.b().node();
			if (adjacency.containsKey(a) && adjacency.containsKey(b)) {
				adjacency.get(a).add(new Neighbour(link.a().port(), b));
				adjacency.get(b).add(new Neighbour(link.b().port(), a));
			}
		}
		adjacency.values().forEach(list -> list.sort(Comparator.comparingInt(Neighbour::port)));
		return adjacency;
	}

	private static Map<String, Integer> distancesTo(String origin, Map<String, List<Neighbour>> adjacency) {
		Map<String, Integer> distance = new HashMap<>();
		distance.put(origin, 0);
		ArrayDeque<String> frontier = new ArrayDeque<>();
		frontier.add(origin);
		while (!frontier.isEmpty()) {
			String current = frontier.poll();
			int next = distance.get(current) + 1;
			for (Neighbour neighbour : adjacency.get(current)) {
				if (distance.putIfAbsent(neighbour.node(), next) == null) {
					frontier.add(neighbour.node());
				}
			}
		}
		return distance;
	}

	private record Neighbour(int port, String node) {
	}

}
