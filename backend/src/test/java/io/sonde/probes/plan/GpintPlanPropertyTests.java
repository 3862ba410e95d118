package io.sonde.probes.plan;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GPINT's properties over Watts-Strogatz graphs of 10-300 switches and fat trees, for k
 * from 1 to more than the switches (GPINT-2/3/5 among them) and five seeds each.
 * <p>
 * The balance bound: the longest path has at most 2 * ceil(|V| / k) + 2 switches. The
 * initial partition grows no path past ceil(|V| / k) and the exchange phase never
 * lengthens the longest path except to cover a switch stranded between paths (absorb,
 * overlapping node, bridge); the slack is that cost, measured: the worst case over these
 * graphs and seeds is reported by {@link #longestPathStaysWithinTwiceTheShareOfSwitches}
 * (with k >= |V|/5, the paper's GPINT-2 and up, it stays within ceil(|V| / k) + 3).
 */
class GpintPlanPropertyTests {

	private final GraphProbePlanner planner = new GraphProbePlanner();

	static Stream<TopologyGraph> graphs() {
		return PlanChecks.graphs();
	}

	static int[] pathCounts(int switches) {
		return IntStream.of(1, 2, 3, switches * 2 / 10, switches * 3 / 10, switches * 5 / 10, switches, switches + 3)
			.filter((k) -> k >= 1)
			.distinct()
			.toArray();
	}

	@ParameterizedTest
	@MethodSource("graphs")
	void coversEverySwitchWithExactlyKWalkablePaths(TopologyGraph graph) {
		List<String> switches = PlanChecks.switches(graph);
		for (int k : pathCounts(switches.size())) {
			for (long seed = 0; seed < 5; seed++) {
				ProbePlan plan = this.planner.plan(graph, PlanRequest.gpint(k, seed));

				assertThat(PlanChecks.covered(plan)).as("k=%d seed=%d", k, seed)
					.containsExactlyInAnyOrderElementsOf(switches);
				assertThat(plan.coverage().nodes()).isEqualTo(1.0);
				PlanChecks.assertWalkable(graph, plan);
				assertThat(plan.paths()).hasSize(Math.min(k, switches.size()));
				assertThat(plan.k()).isEqualTo(Math.min(k, switches.size()));
				assertThat(plan.algorithm()).isEqualTo("gpint");
			}
		}
	}

	@ParameterizedTest
	@MethodSource("graphs")
	void longestPathStaysWithinTwiceTheShareOfSwitches(TopologyGraph graph) {
		int n = PlanChecks.switches(graph).size();
		int worstExcess = Integer.MIN_VALUE;
		for (int k : pathCounts(n)) {
			for (long seed = 0; seed < 5; seed++) {
				ProbePlan plan = this.planner.plan(graph, PlanRequest.gpint(k, seed));
				int share = (n + Math.min(k, n) - 1) / Math.min(k, n);

				assertThat(plan.lengths().max()).as("k=%d seed=%d", k, seed).isLessThanOrEqualTo(2 * share + 2);
				if (k >= n / 5) {
					assertThat(plan.lengths().max()).as("GPINT-2 or more, k=%d seed=%d", k, seed)
						.isLessThanOrEqualTo(share + 3);
				}
				worstExcess = Math.max(worstExcess, plan.lengths().max() - share);
			}
		}
		System.out.printf("GPINT balance on %s: longest path at most ceil(|V|/k) + %d%n", graph.topology().name(),
				worstExcess);
	}

	@ParameterizedTest
	@MethodSource("graphs")
	void theSameSeedGivesTheSamePlan(TopologyGraph graph) {
		int k = Math.max(1, PlanChecks.switches(graph).size() * 3 / 10);
		for (long seed = 0; seed < 3; seed++) {
			assertThat(this.planner.plan(graph, PlanRequest.gpint(k, seed)))
				.isEqualTo(this.planner.plan(graph, PlanRequest.gpint(k, seed)));
		}
	}

	@Test
	void gpintCTakesTheFloorOfCTimesTheSwitchesOverTen() {
		TopologyGraph graph = TopologyGraph.of(io.sonde.topology.TopologyGenerators.wattsStrogatz(100, 4, 0.2, 3, 0));

		assertThat(this.planner.plan(graph, PlanRequest.gpintC(3, 0)).paths()).hasSize(30);
		assertThat(this.planner.plan(graph, PlanRequest.gpintC(2.5, 0)).paths()).hasSize(25);
		assertThat(this.planner.plan(graph, PlanRequest.gpintC(0.01, 0)).paths()).hasSize(1);
	}

	@Test
	void moreKThanSwitchesGivesOneSingleSwitchPathPerSwitch() {
		TopologyGraph graph = TopologyGraph.of(io.sonde.topology.TopologyGenerators.fatTree(4));

		ProbePlan plan = this.planner.plan(graph, PlanRequest.gpint(50, 0));

		assertThat(plan.k()).isEqualTo(20);
		assertThat(plan.paths()).allSatisfy((path) -> assertThat(path).hasSize(1));
		assertThat(plan.overlaps()).isZero();
		assertThat(plan.coverage().edges()).isZero();
		assertThat(Set.copyOf(PlanChecks.covered(plan))).hasSize(20);
	}

}
