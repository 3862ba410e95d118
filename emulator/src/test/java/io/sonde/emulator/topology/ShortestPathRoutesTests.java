package io.sonde.emulator.topology;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.Ipv4Address;

import static org.assertj.core.api.Assertions.assertThat;

class ShortestPathRoutesTests {

	@Test
	void everySwitchHasOneSlash32RouteToEveryHost() {
		Topology topology = FatTree.build(4);
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		for (SwitchSpec s : topology.switches()) {
			assertThat(routes.routesAt(s.name())).hasSize(16)
				.allSatisfy(route -> assertThat(route.prefixLength()).isEqualTo(32))
				.extracting(Route::destination)
				.doesNotHaveDuplicates();
		}
	}

	@Test
	void pathsAreShortestInHopsBetweenEveryPairOfHosts() {
		for (Topology topology : List.of(FatTree.build(4), IntLabelFabric.build(),
				WattsStrogatz.build(30, 4, 0.4, 5))) {
			RoutingPlan routes = ShortestPathRoutes.compute(topology);
			for (HostSpec source : topology.hosts()) {
				Map<String, Integer> distance = breadthFirst(topology, source.name());
				for (HostSpec destination : topology.hosts()) {
					List<String> path = routes.path(source.name(), destination.name());
					assertThat(path).as("%s -> %s in %s", source.name(), destination.name(), topology.name())
						.hasSize(distance.get(destination.name()) + 1)
						.doesNotHaveDuplicates();
				}
			}
		}
	}

	@Test
	void fatTreePathsCrossThePodsThroughEveryCore() {
		Topology topology = FatTree.build(4);
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		assertThat(routes.path("h-0-0-0", "h-0-0-1")).containsExactly("h-0-0-0", "edge-0-0", "h-0-0-1");
		assertThat(routes.path("h-0-0-0", "h-0-1-0")).hasSize(5);
		assertThat(routes.path("h-0-0-0", "h-3-1-1")).hasSize(7);
		Set<String> coresUsed = new HashSet<>();
		for (HostSpec source : topology.hosts()) {
			for (HostSpec destination : topology.hosts()) {
				routes.path(source.name(), destination.name())
					.stream()
					.filter(node -> node.startsWith("core-"))
					.forEach(coresUsed::add);
			}
		}
		assertThat(coresUsed).containsExactlyInAnyOrder("core-0", "core-1", "core-2", "core-3");
	}

	@Test
	void lastHopRoutesCarryTheHostMacAndOthersTheNextSwitchMac() {
		Topology topology = FatTree.build(4);
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		HostSpec host = topology.hostNamed("h-2-1-1").orElseThrow();
		Route lastHop = routes.routeAt("edge-2-1", host.ipv4()).orElseThrow();
		assertThat(lastHop.egressPort()).isEqualTo(2);
		assertThat(lastHop.nextHopMac()).isEqualTo(host.mac());
		Route upward = routes.routeAt("edge-0-0", host.ipv4()).orElseThrow();
		SwitchSpec next = topology.switchNamed(upward.nextHop()).orElseThrow();
		assertThat(next.role()).isEqualTo("aggregation");
		assertThat(upward.nextHopMac()).isEqualTo(next.mac());
		assertThat(upward.egressPort()).isIn(3, 4);
		assertThat(routes.routeAt("edge-0-0", Ipv4Address.parse("192.0.2.1"))).isEmpty();
	}

	@Test
	void theSameTopologyAlwaysGetsTheSameRoutes() {
		assertThat(ShortestPathRoutes.compute(FatTree.build(4)).all())
			.isEqualTo(ShortestPathRoutes.compute(FatTree.build(4)).all());
	}

	/** Hop distances from a host over the whole graph, computed independently. */
	private static Map<String, Integer> breadthFirst(Topology topology, String origin) {
		Map<String, Integer> distance = new HashMap<>();
		distance.put(origin, 0);
		ArrayDeque<String> frontier = new ArrayDeque<>(List.of(origin));
		while (!frontier.isEmpty()) {
			String node = frontier.poll();
			boolean isHost = topology.hostNamed(node).isPresent();
			if (isHost && !node.equals(origin)) {
				continue;
			}
			for (LinkSpec link : topology.linksOf(node)) {
				String next = link.otherEnd(node).node();
				if (distance.putIfAbsent(next, distance.get(node) + 1) == null) {
					frontier.add(next);
				}
			}
		}
		return distance;
	}

}
