package io.sonde.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A topology as a graph for planners: who is cabled to whom through which port, hop
 * distances, shortest paths and the host routes a switch needs to reach every host, with
 * one next hop ({@link #hostRoutes}: ties between equal-length paths go to the link
 * listed first in the document, so the same topology always gives the same paths) or all
 * of them ({@link #equalCostRoutes}, for ECMP, optionally around links that are down).
 */
public final class TopologyGraph {

	private final Topology topology;

	private final Map<String, List<Adjacency>> adjacency = new LinkedHashMap<>();

	private final Map<String, String> macs = new HashMap<>();

	private TopologyGraph(Topology topology) {
		this.topology = topology;
		topology.switches().forEach((node) -> register(node.name(), node.mac()));
		topology.hosts().forEach((host) -> register(host.name(), host.mac()));
		for (TopologyLink link : topology.links()) {
			this.adjacency.get(link.a().node()).add(new Adjacency(link.a().port(), link.b().node(), link.b().port()));
			this.adjacency.get(link.b().node()).add(new Adjacency(link.b().port(), link.a().node(), link.a().port()));
		}
	}

	public static TopologyGraph of(Topology topology) {
		return new TopologyGraph(topology);
	}

	public Topology topology() {
		return this.topology;
	}

	/** The nodes cabled to {@code node}, one per link, in document order. */
	public List<Adjacency> neighbours(String node) {
		List<Adjacency> found = this.adjacency.get(node);
		if (found == null) {
			throw new IllegalArgumentException("no node " + node + " in topology " + this.topology.name());
		}
		return Collections.unmodifiableList(found);
	}

	/** Whether a host is cabled to the switch: it is an edge switch. */
	public boolean hasHosts(String switchName) {
		return neighbours(switchName).stream().anyMatch((next) -> isHost(next.node()));
	}

	/** The switch's ports that lead to hosts: where INT must end. */
	public List<Integer> hostPorts(String switchName) {
		return neighbours(switchName).stream().filter((next) -> isHost(next.node())).map(Adjacency::port).toList();
	}

	public boolean isHost(String node) {
		return this.topology.hosts().stream().anyMatch((host) -> host.name().equals(node));
	}

	/** A shortest path, both ends included; empty if {@code to} cannot be reached. */
	public Optional<List<String>> shortestPath(String from, String to) {
		Map<String, Integer> distance = distancesTo(to);
		if (!distance.containsKey(from)) {
			return Optional.empty();
		}
		List<String> path = new ArrayList<>();
		String at = from;
		path.add(at);
		while (!at.equals(to)) {
			at = nextHop(at, distance).node();
			path.add(at);
		}
		return Optional.of(path);
	}

	/**
	 * For every host the switch can reach, a /32 route out of the port on a shortest
	 * path, to the MAC of the node behind that port; in host order.
	 */
	public List<HostRoute> hostRoutes(String switchName) {
		neighbours(switchName);
		List<HostRoute> routes = new ArrayList<>();
		for (TopologyHost host : this.topology.hosts()) {
			Map<String, Integer> distance = distancesTo(host.name());
			if (!distance.containsKey(switchName)) {
				continue;
			}
			Adjacency next = nextHop(switchName, distance);
			routes.add(new HostRoute(host.name(), host.ipv4(), next.port(), next.node(), this.macs.get(next.node())));
		}
		return routes;
	}

	/**
	 * For every host the switch can reach without crossing a link of {@code down}, every
	 * neighbour one hop closer to it (the equal-cost next hops, in document order of the
	 * links), in host order.
	 */
	public List<EqualCostRoute> equalCostRoutes(String switchName, Set<TopologyLink> down) {
		neighbours(switchName);
		Set<String> cut = new HashSet<>();
		down.forEach((link) -> {
			cut.add(link.a() + "/" + link.b());
			cut.add(link.b() + "/" + link.a());
		});
		List<EqualCostRoute> routes = new ArrayList<>();
		for (TopologyHost host : this.topology.hosts()) {
			Map<String, Integer> distance = distancesTo(host.name(), cut);
			Integer here = distance.get(switchName);
			if (here == null || here == 0) {
				continue;
			}
			List<NextHop> next = new ArrayList<>();
			for (Adjacency adjacency : this.adjacency.get(switchName)) {
				if (!cut.contains(
						switchName + ":" + adjacency.port() + "/" + adjacency.node() + ":" + adjacency.remotePort())
						&& distance.getOrDefault(adjacency.node(), Integer.MAX_VALUE) == here - 1) {
					next.add(new NextHop(adjacency.port(), adjacency.node(), this.macs.get(adjacency.node())));
				}
			}
			routes.add(new EqualCostRoute(host.name(), host.ipv4(), next));
		}
		return routes;
	}

	private void register(String node, String mac) {
		this.adjacency.put(node, new ArrayList<>());
		this.macs.put(node, mac);
	}

	private Map<String, Integer> distancesTo(String target) {
		return distancesTo(target, Set.of());
	}

	// Hosts do not forward: a path may end at a host but never pass through one. A link
	// in cut ("a:1/b:2", both directions) carries nothing.
	private Map<String, Integer> distancesTo(String target, Set<String> cut) {
		neighbours(target);
		Map<String, Integer> distance = new HashMap<>();
		ArrayDeque<String> queue = new ArrayDeque<>();
		distance.put(target, 0);
		queue.add(target);
		while (!queue.isEmpty()) {
			String node = queue.poll();
			if (!node.equals(target) && isHost(node)) {
				continue;
			}
			for (Adjacency next : this.adjacency.get(node)) {
				if (!distance.containsKey(next.node()) && (cut.isEmpty()
						|| !cut.contains(node + ":" + next.port() + "/" + next.node() + ":" + next.remotePort()))) {
					distance.put(next.node(), distance.get(node) + 1);
					queue.add(next.node());
				}
			}
		}
		return distance;
	}

	private Adjacency nextHop(String node, Map<String, Integer> distance) {
		int here = distance.get(node);
		return this.adjacency.get(node)
			.stream()
			.filter((next) -> distance.getOrDefault(next.node(), Integer.MAX_VALUE) == here - 1)
			.findFirst()
			.orElseThrow();
	}

	/**
	 * How a switch reaches one host over every shortest path.
	 *
	 * @param host the host's name
	 * @param ipv4 its address, routed as a /32
	 * @param nextHops the neighbours one hop closer, in document order of the links; one
	 * for a host's own switch and on single paths
	 */
	public record EqualCostRoute(String host, String ipv4, List<NextHop> nextHops) {

		public EqualCostRoute {
			nextHops = List.copyOf(nextHops);
		}

	}

	/**
	 * One neighbour on a shortest path.
	 *
	 * @param port the switch's port toward it
	 * @param node its name
	 * @param mac its MAC, the frame's new destination
	 */
	public record NextHop(int port, String node, String mac) {
	}

	/** One link seen from one end: the local port, the node and port at the far end. */
	public record Adjacency(int port, String node, int remotePort) {
	}

	/**
	 * How a switch reaches one host.
	 *
	 * @param host the host's name
	 * @param ipv4 its address, routed as a /32
	 * @param egressPort the switch's port toward it
	 * @param nextHop the node behind that port
	 * @param nextHopMac that node's MAC, the frame's new destination
	 */
	public record HostRoute(String host, String ipv4, int egressPort, String nextHop, String nextHopMac) {
	}

}
