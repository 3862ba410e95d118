package io.sonde.topology;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class TopologyGraphTests {

	/**
	 * h1 - s1 - s2 - s3 - h3, with a shortcut s1 - s3 and h2 on s1: the shortcut is the
	 * shortest way from s1 to h3; a host between two switches forwards nothing.
	 */
	private final Topology network = new Topology("line",
			List.of(node("s1", 1, "02:00:00:00:00:01"), node("s2", 2, "02:00:00:00:00:02"),
					node("s3", 3, "02:00:00:00:00:03")),
			List.of(new TopologyHost("h1", "10.0.0.1", "02:00:00:00:01:01"),
					new TopologyHost("h2", "10.0.0.2", "02:00:00:00:01:02"),
					new TopologyHost("h3", "10.0.0.3", "02:00:00:00:01:03")),
			List.of(link("h1", 0, "s1", 1), link("s1", 2, "s2", 1), link("s2", 2, "s3", 1), link("s3", 2, "h3", 0),
					link("s1", 3, "s3", 3), link("h2", 0, "s1", 4)));

	private final TopologyGraph graph = TopologyGraph.of(this.network);

	@Test
	void routesEveryHostAlongAShortestPathToTheNextNodesMac() {
		List<TopologyGraph.HostRoute> routes = this.graph.hostRoutes("s1");

		assertThat(routes).containsExactly(new TopologyGraph.HostRoute("h1", "10.0.0.1", 1, "h1", "02:00:00:00:01:01"),
				new TopologyGraph.HostRoute("h2", "10.0.0.2", 4, "h2", "02:00:00:00:01:02"),
				new TopologyGraph.HostRoute("h3", "10.0.0.3", 3, "s3", "02:00:00:00:00:03"));
		assertThat(this.graph.hostRoutes("s2")).extracting(TopologyGraph.HostRoute::egressPort)
			.as("s2 reaches h1 and h2 through s1, h3 through s3")
			.containsExactly(1, 1, 2);
	}

	@Test
	void findsShortestPathsWithTiesToTheLinkListedFirst() {
		assertThat(this.graph.shortestPath("h1", "h3")).contains(List.of("h1", "s1", "s3", "h3"));
		assertThat(this.graph.shortestPath("s2", "s2")).contains(List.of("s2"));
	}

	@Test
	void hostsDoNotForward() {
		Topology viaHost = new Topology("via-host",
				List.of(node("a", 1, "02:00:00:00:00:0a"), node("b", 2, "02:00:00:00:00:0b")),
				List.of(new TopologyHost("h", "10.0.0.9", "02:00:00:00:01:09")),
				List.of(link("a", 1, "h", 0), link("h", 1, "b", 1)));

		assertThat(TopologyGraph.of(viaHost).shortestPath("a", "b")).isEmpty();
		assertThat(TopologyGraph.of(viaHost).shortestPath("a", "h")).contains(List.of("a", "h"));
	}

	@Test
	void knowsEdgeSwitchesAndTheirHostPorts() {
		assertThat(this.graph.hostPorts("s1")).containsExactly(1, 4);
		assertThat(this.graph.hasHosts("s2")).isFalse();
		assertThat(this.graph.neighbours("s2")).extracting(TopologyGraph.Adjacency::node).containsExactly("s1", "s3");
		assertThatIllegalArgumentException().isThrownBy(() -> this.graph.neighbours("nope"))
			.withMessageContaining("nope");
	}

	@Test
	void listsEveryEqualCostNextHopOfAFatTree() {
		TopologyGraph fatTree = TopologyGraph.of(TopologyGenerators.fatTree(4));

		List<TopologyGraph.EqualCostRoute> fromAgg = fatTree.equalCostRoutes("agg-0-0", Set.of());
		TopologyGraph.EqualCostRoute toPod2 = route(fromAgg, "h-2-0-0");
		TopologyGraph.EqualCostRoute toOwnEdge = route(fromAgg, "h-0-1-1");

		assertThat(fromAgg).hasSize(16);
		assertThat(toPod2.nextHops()).extracting(TopologyGraph.NextHop::node).containsExactly("core-0", "core-1");
		assertThat(toPod2.nextHops()).extracting(TopologyGraph.NextHop::port).containsExactly(3, 4);
		assertThat(toOwnEdge.nextHops()).extracting(TopologyGraph.NextHop::node).containsExactly("edge-0-1");
		assertThat(route(fatTree.equalCostRoutes("edge-0-0", Set.of()), "h-1-0-0").nextHops())
			.extracting(TopologyGraph.NextHop::node)
			.containsExactly("agg-0-0", "agg-0-1");
	}

	@Test
	void routesAroundLinksThatAreDown() {
		Topology topology = TopologyGenerators.fatTree(4);
		TopologyGraph fatTree = TopologyGraph.of(topology);
		TopologyLink aggToCore0 = topology.links()
			.stream()
			.filter((l) -> l.touches("agg-0-0") && l.touches("core-0"))
			.findFirst()
			.orElseThrow();
		TopologyLink aggToCore1 = topology.links()
			.stream()
			.filter((l) -> l.touches("agg-0-0") && l.touches("core-1"))
			.findFirst()
			.orElseThrow();

		assertThat(route(fatTree.equalCostRoutes("agg-0-0", Set.of(aggToCore0)), "h-2-0-0").nextHops())
			.extracting(TopologyGraph.NextHop::node)
			.containsExactly("core-1");
		assertThat(route(fatTree.equalCostRoutes("agg-0-0", Set.of(aggToCore0, aggToCore1)), "h-2-0-0").nextHops())
			.as("no way up: down to the edges, over the other aggregation switch")
			.extracting(TopologyGraph.NextHop::node)
			.containsExactly("edge-0-0", "edge-0-1");
		assertThat(route(fatTree.equalCostRoutes("core-0", Set.of(aggToCore0)), "h-0-0-0").nextHops())
			.as("core-0 reaches pod 0 through another pod now")
			.extracting(TopologyGraph.NextHop::node)
			.containsExactly("agg-1-0", "agg-2-0", "agg-3-0");
		assertThat(route(fatTree.equalCostRoutes("edge-1-0", Set.of(aggToCore0)), "h-0-0-0").nextHops())
			.as("the edge keeps both uplinks: each aggregation switch still reaches pod 0 in 3 hops")
			.hasSize(2);
	}

	private static TopologyGraph.EqualCostRoute route(List<TopologyGraph.EqualCostRoute> routes, String host) {
		return routes.stream().filter((r) -> r.host().equals(host)).findFirst().orElseThrow();
	}

	private static TopologySwitch node(String name, long deviceId, String mac) {
		return new TopologySwitch(name, deviceId, "127.0.0.1", 50000 + (int) deviceId, "switch", mac);
	}

	private static TopologyLink link(String a, int aPort, String b, int bPort) {
		return new TopologyLink(new LinkEnd(a, aPort), new LinkEnd(b, bPort), LinkProperties.FORMAT_DEFAULTS);
	}

}
