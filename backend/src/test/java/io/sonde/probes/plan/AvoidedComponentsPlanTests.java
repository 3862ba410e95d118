package io.sonde.probes.plan;

import java.util.List;
import java.util.Set;

import io.sonde.probes.Algorithm;
import io.sonde.probes.Link;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.PlanRequestRejected;
import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyGenerators;
import io.sonde.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Re-planning around components marked unavailable: avoided switches and links are on no
 * path, switches cut off are uncovered when no path is left for them, and names the
 * topology does not have are refused.
 */
class AvoidedComponentsPlanTests {

	private final GraphProbePlanner planner = new GraphProbePlanner();

	private final TopologyGraph fatTree = TopologyGraph.of(TopologyGenerators.fatTree(4));

	@Test
	void noPathVisitsAnAvoidedSwitch() {
		for (Algorithm algorithm : Algorithm.values()) {
			PlanRequest request = ((algorithm == Algorithm.GPINT) ? PlanRequest.gpint(4, 1) : PlanRequest.euler(1))
				.avoiding(Set.of("core-0", "agg-1-0"), Set.of());

			ProbePlan plan = this.planner.plan(this.fatTree, request);

			assertThat(PlanChecks.covered(plan)).doesNotContain("core-0", "agg-1-0").hasSize(18);
			assertThat(plan.coverage().nodes()).isEqualTo(18 / 20.0);
			PlanChecks.assertWalkable(this.fatTree, plan);
		}
	}

	@Test
	void noPathWalksAnAvoidedLink() {
		Link cut = Link.between("edge-0-0", "agg-0-0");
		for (long seed = 0; seed < 5; seed++) {
			ProbePlan plan = this.planner.plan(this.fatTree,
					PlanRequest.gpint(3, seed).avoiding(Set.of(), Set.of(cut)));

			assertThat(PlanChecks.walkedEdges(plan)).doesNotContainKey(PlanChecks.edge("edge-0-0", "agg-0-0"));
			assertThat(plan.coverage().nodes()).isEqualTo(1.0);
		}
		ProbePlan euler = this.planner.plan(this.fatTree, PlanRequest.euler(0).avoiding(Set.of(), Set.of(cut)));
		assertThat(PlanChecks.walkedEdges(euler)).doesNotContainKey(PlanChecks.edge("edge-0-0", "agg-0-0"))
			.hasSize(PlanChecks.edges(this.fatTree).size() - 1);
	}

	@Test
	void aSwitchCutOffIsUncoveredWhenNoPathIsLeftForItAndCoveredAloneWhenOneIs() {
		Set<String> pod0Aggregation = Set.of("agg-0-0", "agg-0-1");

		ProbePlan onePath = this.planner.plan(this.fatTree,
				PlanRequest.gpint(1, 0).avoiding(pod0Aggregation, Set.of()));

		assertThat(onePath.paths()).hasSize(1);
		assertThat(PlanChecks.covered(onePath)).doesNotContain("edge-0-0", "edge-0-1").hasSize(16);
		assertThat(onePath.coverage().nodes()).isEqualTo(16 / 20.0);

		ProbePlan enough = this.planner.plan(this.fatTree, PlanRequest.gpint(4, 0).avoiding(pod0Aggregation, Set.of()));

		assertThat(enough.paths()).hasSize(4).contains(List.of("edge-0-0"), List.of("edge-0-1"));
		assertThat(enough.coverage().nodes()).isEqualTo(18 / 20.0);
	}

	@Test
	void everySwitchAvoidedGivesAnEmptyPlan() {
		Set<String> all = Set.copyOf(PlanChecks.switches(this.fatTree));

		ProbePlan plan = this.planner.plan(this.fatTree, PlanRequest.gpint(3, 0).avoiding(all, Set.of()));

		assertThat(plan.paths()).isEmpty();
		assertThat(plan.coverage().nodes()).isZero();
		assertThat(plan.lengths().max()).isZero();
	}

	@Test
	void refusesToAvoidASwitchTheTopologyDoesNotHave() {
		assertThatThrownBy(
				() -> this.planner.plan(this.fatTree, PlanRequest.gpint(2, 0).avoiding(Set.of("s-99"), Set.of())))
			.isInstanceOfSatisfying(PlanRequestRejected.class,
					(rejected) -> assertThat(rejected.field()).isEqualTo("avoidSwitches"));
		assertThatThrownBy(() -> this.planner.plan(this.fatTree,
				PlanRequest.gpint(2, 0).avoiding(Set.of(), Set.of(Link.between("core-0", "nowhere")))))
			.isInstanceOfSatisfying(PlanRequestRejected.class,
					(rejected) -> assertThat(rejected.field()).isEqualTo("avoidLinks"));
	}

}
