package io.sonde.emulator.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.emulator.net.Ipv4Address;

/**
 * The routes of every switch of a topology, from {@link ShortestPathRoutes}: the one
 * route per destination each switch uses without ECMP, and every equal-cost next hop
 * toward it for ECMP.
 */
public final class RoutingPlan {

	private final Topology topology;

	private final Map<String, List<Route>> routesBySwitch;

	private final Map<String, List<EqualCostRoute>> equalCostBySwitch;

	RoutingPlan(Topology topology, Map<String, List<Route>> routesBySwitch,
			Map<String, List<EqualCostRoute>> equalCostBySwitch) {
		this.topology = topology;
		Map<String, List<Route>> copy = new LinkedHashMap<>();
		routesBySwitch.forEach((name, routes) -> copy.put(name, List.copyOf(routes)));
		this.routesBySwitch = Collections.unmodifiableMap(copy);
		Map<String, List<EqualCostRoute>> equalCost = new LinkedHashMap<>();
		equalCostBySwitch.forEach((name, routes) -> equalCost.put(name, List.copyOf(routes)));
		this.equalCostBySwitch = Collections.unmodifiableMap(equalCost);
	}

	public Topology topology() {
		return this.topology;
	}

	/** Routes of one switch, ordered by destination host (topology order). */
	public List<Route> routesAt(String switchName) {
		return this.routesBySwitch.getOrDefault(switchName, List.of());
	}

	/**
	 * Every shortest way out of one switch toward each host it can reach, ordered by
	 * destination host (topology order).
	 */
	public List<EqualCostRoute> equalCostAt(String switchName) {
		return this.equalCostBySwitch.getOrDefault(switchName, List.of());
	}

	/** Every route, switch by switch. */
	public List<Route> all() {
		List<Route> all = new ArrayList<>();
		this.routesBySwitch.values().forEach(all::addAll);
		return all;
	}

	/** The route {@code switchName} uses toward {@code destination}, if it has one. */
	public Optional<Route> routeAt(String switchName, Ipv4Address destination) {
		return routesAt(switchName).stream().filter(route -> route.destination().equals(destination)).findFirst();
	}

	/**
	 * The nodes a packet from {@code sourceHost} to {@code destinationHost} visits, both
	 * hosts included; empty if the destination is unreachable.
	 */
	public List<String> path(String sourceHost, String destinationHost) {
		HostSpec destination = this.topology.hostNamed(destinationHost)
			.orElseThrow(() -> new IllegalArgumentException("no host " + destinationHost + " in the topology"));
		if (this.topology.hostNamed(sourceHost).isEmpty()) {
			throw new IllegalArgumentException("no host " + sourceHost + " in the topology");
		}
		if (sourceHost.equals(destinationHost)) {
			return List.of(sourceHost);
		}
		List<String> path = new ArrayList<>();
		path.add(sourceHost);
		String current = this.topology.attachmentOf(sourceHost).node();
		while (!current.equals(destinationHost)) {
			if (path.contains(current) || this.topology.switchNamed(current).isEmpty()) {
				return List.of();
			}
			path.add(current);
			Optional<Route> route = routeAt(current, destination.ipv4());
			if (route.isEmpty()) {
				return List.of();
			}
			current = route.get().nextHop();
		}
		path.add(destinationHost);
		return path;
	}

}
