package io.sonde.emulator.topology;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.Ipv4Address;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WattsStrogatzTests {

	@Test
	void withoutRewiringEverySwitchHasExactlyKRingNeighbours() {
		Topology ring = WattsStrogatz.build(20, 4, 0.0, 1);
		for (int i = 0; i < 20; i++) {
			String name = "s-" + i;
			assertThat(switchNeighbours(ring, name)).containsExactlyInAnyOrder("s-" + Math.floorMod(i - 2, 20),
					"s-" + Math.floorMod(i - 1, 20), "s-" + ((i + 1) % 20), "s-" + ((i + 2) % 20));
		}
	}

	@Test
	void rewiringKeepsTheEdgeCountAndTheMeanDegreeAndStaysConnected() {
		int n = 60;
		int k = 4;
		Topology graph = WattsStrogatz.build(n, k, 0.3, 42);
		long switchLinks = graph.links().stream().filter(l -> l.a().node().startsWith("s-")).count();
		assertThat(switchLinks).isEqualTo((long) n * k / 2);
		Map<String, Integer> degrees = degrees(graph);
		assertThat(degrees.values().stream().mapToInt(Integer::intValue).average().orElseThrow()).isEqualTo(k);
		// Rewiring moved some edges: degrees are no longer all k.
		assertThat(degrees.values()).anyMatch(d -> d != k);
		assertThat(ShortestPathRoutes.compute(graph).all()).hasSize(n * n);
	}

	@Test
	void aDisconnectedDrawIsDrawnAgainUntilTheGraphIsConnected() {
		// k = 2 with full rewiring often cuts the ring: find a seed whose
		// first draw does.
		long seed = LongStream.range(0, 1000)
			.filter(s -> !WattsStrogatz.isConnected(WattsStrogatz.draw(30, 2, 1.0, new SplittableRandom(s))))
			.findFirst()
			.orElseThrow();
		Topology graph = WattsStrogatz.build(30, 2, 1.0, seed);
		RoutingPlan routes = ShortestPathRoutes.compute(graph);
		for (HostSpec host : graph.hosts().subList(1, graph.hosts().size())) {
			assertThat(routes.path("h-0", host.name())).as("h-0 to %s", host.name()).isNotEmpty();
		}
	}

	@Test
	void theSameSeedGivesTheSameGraphAndAnotherSeedAnother() {
		assertThat(WattsStrogatz.build(40, 6, 0.2, 7)).isEqualTo(WattsStrogatz.build(40, 6, 0.2, 7));
		assertThat(WattsStrogatz.build(40, 6, 0.2, 7).links()).isNotEqualTo(WattsStrogatz.build(40, 6, 0.2, 8).links());
	}

	@Test
	void spreadsHostsRoundRobinWithAddressesPerSwitch() {
		Topology graph = WattsStrogatz.build(10, 2, 0.1, 3, 25, WattsStrogatz.DEFAULT_LINK);
		assertThat(graph.hosts()).hasSize(25);
		assertThat(graph.attachmentOf("h-0").node()).isEqualTo("s-0");
		assertThat(graph.attachmentOf("h-13").node()).isEqualTo("s-3");
		assertThat(graph.hostNamed("h-13").orElseThrow().ipv4()).isEqualTo(Ipv4Address.parse("10.0.3.3"));
		// A switch's hosts take its first ports.
		assertThat(graph.attachmentOf("h-23")).isEqualTo(new Endpoint("s-3", 3));
	}

	@Test
	void usesTheQueueBoundOfTheGpintEvaluation() {
		assertThat(WattsStrogatz.build(10, 2, 0.1, 3).links())
			.allSatisfy(link -> assertThat(link.parameters().queueCapacityPackets()).isEqualTo(1000));
	}

	@Test
	void rejectsImpossibleParameters() {
		assertThatThrownBy(() -> WattsStrogatz.build(10, 3, 0.1, 1)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("even k");
		assertThatThrownBy(() -> WattsStrogatz.build(4, 4, 0.1, 1)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> WattsStrogatz.build(10, 2, 1.5, 1)).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("beta");
	}

	private static List<String> switchNeighbours(Topology topology, String node) {
		return topology.linksOf(node)
			.stream()
			.map(link -> link.otherEnd(node).node())
			.filter(name -> name.startsWith("s-"))
			.toList();
	}

	private static Map<String, Integer> degrees(Topology topology) {
		Map<String, Integer> degrees = new HashMap<>();
		for (SwitchSpec s : topology.switches()) {
			degrees.put(s.name(), switchNeighbours(topology, s.name()).size());
		}
		return degrees;
	}

}
