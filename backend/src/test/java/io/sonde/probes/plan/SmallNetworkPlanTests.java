package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import io.sonde.probes.PathLengths;
import io.sonde.probes.PlanCoverage;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plans on small topologies whose best plans are known by hand, for every seed: GPINT's k
 * paths cover every switch, share none they need not share and are as even as the graph
 * allows (paper 001, requirements 1 and 2); Euler walks every link once in the fewest
 * trails. Paths are compared either way round.
 */
class SmallNetworkPlanTests {

	private static final int SEEDS = 4;

	private final GraphProbePlanner planner = new GraphProbePlanner();

	@Test
	void twoPathsSplitALineOfSixIntoItsHalves() {
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(SmallNetworks.line(6), PlanRequest.gpint(2, seed));

			assertThat(undirected(plan)).containsExactlyInAnyOrder("s0 s1 s2", "s3 s4 s5");
			assertThat(plan.lengths()).isEqualTo(new PathLengths(3, 3.0, 3));
			assertThat(plan.coverage()).isEqualTo(new PlanCoverage(1.0, 4 / 5.0));
			assertThat(plan.overlaps()).isZero();
		}
	}

	@Test
	void oneWalkOverALineRunsFromEndToEnd() {
		for (long seed = 0; seed < SEEDS; seed++) {
			assertThat(undirected(this.planner.plan(SmallNetworks.line(6), PlanRequest.gpint(1, seed))))
				.containsExactly("s0 s1 s2 s3 s4 s5");
		}
	}

	@Test
	void sevenSwitchesInThreePathsGiveOnePathOfThreeAndTwoOfTwo() {
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(SmallNetworks.line(7), PlanRequest.gpint(3, seed));

			assertThat(plan.paths().stream().map(List::size).sorted()).containsExactly(2, 2, 3);
			assertThat(plan.lengths().mean()).isEqualTo(7 / 3.0);
			assertThat(plan.overlaps()).isZero();
			PlanChecks.assertWalkable(SmallNetworks.line(7), plan);
		}
	}

	@Test
	void aRingOfSixInThreePathsIsThreeDisjointLinks() {
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(SmallNetworks.ring(6), PlanRequest.gpint(3, seed));

			assertThat(plan.lengths()).isEqualTo(new PathLengths(2, 2.0, 2));
			assertThat(plan.overlaps()).isZero();
			assertThat(plan.coverage().edges()).isEqualTo(0.5);
			PlanChecks.assertWalkable(SmallNetworks.ring(6), plan);
		}
	}

	@Test
	void aThreeByThreeGridInThreePathsIsThreeDisjointPathsOfThree() {
		TopologyGraph grid = SmallNetworks.of("grid", 9, new int[] { 0, 1 }, new int[] { 1, 2 }, new int[] { 3, 4 },
				new int[] { 4, 5 }, new int[] { 6, 7 }, new int[] { 7, 8 }, new int[] { 0, 3 }, new int[] { 3, 6 },
				new int[] { 1, 4 }, new int[] { 4, 7 }, new int[] { 2, 5 }, new int[] { 5, 8 });
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(grid, PlanRequest.gpint(3, seed));

			assertThat(plan.lengths()).isEqualTo(new PathLengths(3, 3.0, 3));
			assertThat(plan.overlaps()).isZero();
			assertThat(PlanChecks.covered(plan)).hasSize(9);
			PlanChecks.assertWalkable(grid, plan);
		}
	}

	@Test
	void aStarsHubIsTheOneSwitchItsPathsShare() {
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(SmallNetworks.star(4), PlanRequest.gpint(2, seed));

			assertThat(plan.paths()).allSatisfy((path) -> assertThat(path).hasSize(3).element(1).isEqualTo("s0"));
			assertThat(plan.overlaps()).isEqualTo(1);
			assertThat(plan.coverage()).isEqualTo(new PlanCoverage(1.0, 1.0));
		}
	}

	@Test
	void aHubWithMoreLeavesThanPathEndsIsWalkedBackThroughOnce() {
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan five = this.planner.plan(SmallNetworks.star(5), PlanRequest.gpint(2, seed));
			ProbePlan three = this.planner.plan(SmallNetworks.star(3), PlanRequest.gpint(1, seed));

			assertThat(five.paths().stream().map(List::size).sorted()).containsExactly(3, 5);
			assertThat(five.overlaps()).isEqualTo(1);
			assertThat(three.paths()).singleElement()
				.satisfies((path) -> assertThat(path).hasSize(5).filteredOn("s0"::equals).hasSize(2));
			// One path visiting the hub twice shares it with no other path.
			assertThat(three.overlaps()).isZero();
			assertThat(three.lengths()).isEqualTo(new PathLengths(5, 5.0, 5));
		}
	}

	@Test
	void aSpiderOfThreeLegsInTwoPathsRunsTwoLegsThroughTheBodyAndTheThirdAlone() {
		TopologyGraph spider = SmallNetworks.of("spider", 7, new int[] { 0, 1 }, new int[] { 1, 2 }, new int[] { 0, 3 },
				new int[] { 3, 4 }, new int[] { 0, 5 }, new int[] { 5, 6 });
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(spider, PlanRequest.gpint(2, seed));

			assertThat(plan.paths().stream().map(List::size).sorted()).containsExactly(2, 5);
			assertThat(plan.overlaps()).isZero();
			PlanChecks.assertWalkable(spider, plan);
		}
	}

	@Test
	void pathsGoToEachPartThenToThePartWithTheMostSwitchesPerPath() {
		TopologyGraph parts = SmallNetworks.of("parts", 6, new int[] { 0, 1 }, new int[] { 1, 2 }, new int[] { 2, 3 },
				new int[] { 4, 5 });
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(parts, PlanRequest.gpint(3, seed));

			assertThat(undirected(plan)).containsExactlyInAnyOrder("s0 s1", "s2 s3", "s4 s5");
			assertThat(plan.coverage().edges()).isEqualTo(3 / 4.0);
		}
	}

	@Test
	void sharesGiveEveryPartOnePathLargestFirstThenEvenOutSwitchesPerPath() {
		List<int[]> sizes = List.of(new int[3], new int[6]);

		assertThat(GpintPaths.share(sizes, 1)).containsExactly(0, 1);
		assertThat(GpintPaths.share(sizes, 3)).containsExactly(1, 2);
		// Six over two and three over one tie: the larger part keeps the extra path.
		assertThat(GpintPaths.share(sizes, 4)).containsExactly(1, 3);
		assertThat(GpintPaths.share(sizes, 5)).containsExactly(2, 3);
		assertThat(GpintPaths.share(List.of(new int[1], new int[2]), 9)).containsExactly(1, 2);
	}

	@Test
	void eulerWalksALineEndToEndAndARingAsOneCircuitFromItsFirstSwitch() {
		for (long seed = 0; seed < SEEDS; seed++) {
			assertThat(undirected(this.planner.plan(SmallNetworks.line(4), PlanRequest.euler(seed))))
				.containsExactly("s0 s1 s2 s3");
			ProbePlan ring = this.planner.plan(SmallNetworks.ring(5), PlanRequest.euler(seed));
			assertThat(ring.paths()).singleElement()
				.satisfies((path) -> assertThat(path).hasSize(6).startsWith("s0").endsWith("s0"));
			assertThat(ring.coverage()).isEqualTo(new PlanCoverage(1.0, 1.0));
		}
	}

	@Test
	void eulerGivesAStarOfFourTwoTrailsThroughTheHubAndALoneSwitchATrailOfItsOwn() {
		TopologyGraph starAndLone = SmallNetworks.of("star-and-lone", 6, new int[] { 0, 1 }, new int[] { 0, 2 },
				new int[] { 0, 3 }, new int[] { 0, 4 });
		for (long seed = 0; seed < SEEDS; seed++) {
			ProbePlan plan = this.planner.plan(starAndLone, PlanRequest.euler(seed));

			assertThat(plan.paths()).hasSize(3).contains(List.of("s5"));
			assertThat(plan.paths()).filteredOn((path) -> path.size() == 3)
				.hasSize(2)
				.allSatisfy((path) -> assertThat(path.get(1)).isEqualTo("s0"));
			assertThat(plan.lengths()).isEqualTo(new PathLengths(1, 7 / 3.0, 3));
			assertThat(plan.overlaps()).isEqualTo(1);
			assertThat(PlanChecks.walkedEdges(plan)).hasSize(4).allSatisfy((edge, times) -> assertThat(times).isOne());
		}
	}

	/** Each path as its switch names joined by spaces, read from its smaller end. */
	private static List<String> undirected(ProbePlan plan) {
		List<String> paths = new ArrayList<>();
		for (List<String> path : plan.paths()) {
			List<String> forward = new ArrayList<>(path);
			if (path.get(0).compareTo(path.get(path.size() - 1)) > 0) {
				Collections.reverse(forward);
			}
			paths.add(forward.stream().collect(Collectors.joining(" ")));
		}
		return paths;
	}

}
