package io.sonde.probes.plan;

import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-Path's Euler baseline over connected Watts-Strogatz graphs and fat trees: every
 * link walked exactly once, max(1, odd-degree switches / 2) trails, the same plan for a
 * seed.
 */
class EulerPlanPropertyTests {

	private final GraphProbePlanner planner = new GraphProbePlanner();

	static Stream<TopologyGraph> graphs() {
		return PlanChecks.graphs();
	}

	@ParameterizedTest
	@MethodSource("graphs")
	void walksEveryLinkExactlyOnceWithHalfTheOddSwitchesAsTrails(TopologyGraph graph) {
		Set<String> edges = PlanChecks.edges(graph);
		long odd = PlanChecks.switches(graph)
			.stream()
			.filter((name) -> graph.neighbours(name).stream().filter((next) -> !graph.isHost(next.node())).count()
					% 2 == 1)
			.count();
		for (long seed = 0; seed < 5; seed++) {
			ProbePlan plan = this.planner.plan(graph, PlanRequest.euler(seed));

			Map<String, Integer> walked = PlanChecks.walkedEdges(plan);
			assertThat(walked.keySet()).containsExactlyInAnyOrderElementsOf(edges);
			assertThat(walked.values()).allMatch((times) -> times == 1);
			assertThat(plan.paths()).hasSize((int) Math.max(1, odd / 2));
			assertThat(plan.k()).isEqualTo(plan.paths().size());
			assertThat(plan.coverage().edges()).isEqualTo(1.0);
			assertThat(plan.coverage().nodes()).isEqualTo(1.0);
			assertThat(plan.algorithm()).isEqualTo("euler");
			PlanChecks.assertWalkable(graph, plan);
		}
	}

	@ParameterizedTest
	@MethodSource("graphs")
	void theSameSeedGivesTheSamePlan(TopologyGraph graph) {
		assertThat(this.planner.plan(graph, PlanRequest.euler(7)))
			.isEqualTo(this.planner.plan(graph, PlanRequest.euler(7)));
	}

}
