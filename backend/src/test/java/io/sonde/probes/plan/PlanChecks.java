package io.sonde.probes.plan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyGenerators;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologySwitch;

import static org.assertj.core.api.Assertions.assertThat;

/** Graphs the planner tests run on, and what every plan must satisfy. */
final class PlanChecks {

	private PlanChecks() {
	}

	/**
	 * Watts-Strogatz of 10 to 300 switches (neighbours 4, beta 0.1 and 0.3) and fat
	 * trees.
	 */
	static Stream<TopologyGraph> graphs() {
		Stream<TopologyGraph> smallWorlds = Stream.of(10, 30, 100, 300)
			.flatMap((n) -> Stream.of(0.1, 0.3)
				.flatMap((beta) -> Stream.of(1L, 2L)
					.map((seed) -> TopologyGraph.of(TopologyGenerators.wattsStrogatz(n, 4, beta, seed, 0)))));
		Stream<TopologyGraph> fatTrees = Stream.of(4, 6, 8).map((k) -> TopologyGraph.of(TopologyGenerators.fatTree(k)));
		return Stream.concat(smallWorlds, fatTrees);
	}

	static List<String> switches(TopologyGraph graph) {
		return graph.topology().switches().stream().map(TopologySwitch::name).toList();
	}

	static boolean adjacent(TopologyGraph graph, String a, String b) {
		return graph.neighbours(a).stream().anyMatch((next) -> next.node().equals(b));
	}

	/** Consecutive switches are distinct and cabled to each other. */
	static void assertWalkable(TopologyGraph graph, ProbePlan plan) {
		for (List<String> path : plan.paths()) {
			assertThat(path).isNotEmpty();
			for (int i = 1; i < path.size(); i++) {
				assertThat(adjacent(graph, path.get(i - 1), path.get(i)))
					.as("%s then %s in %s of %s", path.get(i - 1), path.get(i), path, graph.topology().name())
					.isTrue();
			}
		}
	}

	static Set<String> covered(ProbePlan plan) {
		Set<String> covered = new HashSet<>();
		plan.paths().forEach(covered::addAll);
		return covered;
	}

	/** Every switch-to-switch edge as "a|b" (a sorting first), once. */
	static Set<String> edges(TopologyGraph graph) {
		Set<String> switches = new HashSet<>(switches(graph));
		Set<String> edges = new HashSet<>();
		for (String a : switches(graph)) {
			graph.neighbours(a)
				.stream()
				.filter((next) -> switches.contains(next.node()))
				.forEach((next) -> edges.add(edge(a, next.node())));
		}
		return edges;
	}

	/** How often each edge is walked over all paths. */
	static Map<String, Integer> walkedEdges(ProbePlan plan) {
		Map<String, Integer> walked = new HashMap<>();
		for (List<String> path : plan.paths()) {
			for (int i = 1; i < path.size(); i++) {
				walked.merge(edge(path.get(i - 1), path.get(i)), 1, Integer::sum);
			}
		}
		return walked;
	}

	static String edge(String a, String b) {
		return (a.compareTo(b) < 0) ? a + "|" + b : b + "|" + a;
	}

}
