package io.sonde.probes.plan;

import java.util.List;
import java.util.Set;

import io.sonde.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GPINT's exchange phase from walks laid out by hand, one move of paper 001's Fig. 3
 * each: the plan it ends with is the one the move makes, and no walk is ever emptied.
 */
class GpintExchangeTests {

	@Test
	void anEndMovesToTheNeighbouringShorterWalkUntilTheLengthsEvenOut() {
		SwitchGraph graph = graph(SmallNetworks.line(5));

		List<int[]> paths = exchange(graph, new int[] { 0, 1, 2, 3 }, new int[] { 4 });

		// Endpoint transfers one at a time leave s2 with the longer walk; a segment of
		// two
		// would have moved it.
		assertThat(paths.get(0)).containsExactly(0, 1, 2);
		assertThat(paths.get(1)).containsExactlyInAnyOrder(3, 4);
	}

	@Test
	void aDeadEndAndTheSwitchBeforeItMoveTogetherWhenOnlyTheInnerOneNeighboursTheOtherWalk() {
		// s2 hangs off s1; s1 neighbours s0, the other walk's only switch.
		SwitchGraph graph = graph(SmallNetworks.of("hook", 5, new int[] { 0, 1 }, new int[] { 1, 2 },
				new int[] { 1, 3 }, new int[] { 3, 4 }));

		List<int[]> paths = exchange(graph, new int[] { 4, 3, 1, 2 }, new int[] { 0 });

		assertThat(paths.get(0)).containsExactly(4, 3);
		assertThat(walkable(graph, paths.get(1))).isTrue();
		assertThat(paths.get(1)).containsExactlyInAnyOrder(0, 1, 2);
	}

	@Test
	void aWalkStepsOntoAnotherWalksSwitchToReachAFreeOneBehindIt() {
		// The hub s1 with leaves s0, s2, s3, s4: s4 is free, s0's walk shares the hub.
		SwitchGraph graph = graph(SmallNetworks.of("hub", 5, new int[] { 0, 1 }, new int[] { 1, 2 }, new int[] { 1, 3 },
				new int[] { 1, 4 }));

		List<int[]> paths = exchange(graph, new int[] { 0 }, new int[] { 2, 1, 3 });

		assertThat(paths.get(0)).containsExactlyInAnyOrder(0, 1, 4);
		assertThat(walkable(graph, paths.get(0))).isTrue();
		assertThat(paths.get(1)).containsExactly(2, 1, 3);
	}

	@Test
	void anEndAnotherWalkAlsoVisitsLeavesButAWalkKeepsItsLastSwitch() {
		SwitchGraph graph = graph(SmallNetworks.line(3));

		assertThat(exchange(graph, new int[] { 0, 1 }, new int[] { 2, 1 })).satisfiesExactly(
				(first) -> assertThat(first).containsExactly(0), (second) -> assertThat(second).containsExactly(2, 1));
		// s1 alone on the first walk stays; the second walk's end s0 moves to it and
		// the shared s1 then leaves the second walk.
		assertThat(exchange(graph, new int[] { 1 }, new int[] { 0, 1, 2 })).satisfiesExactly(
				(first) -> assertThat(first).containsExactlyInAnyOrder(0, 1),
				(second) -> assertThat(second).containsExactly(2));
	}

	@Test
	void freeNeighboursAreAbsorbedAtTheEndTheyTouch() {
		// s0 - s1 - s2 - s3 - s4 with s5 hanging off s2: no two disjoint paths of three
		// cover it, so four and two is the best.
		SwitchGraph graph = graph(SmallNetworks.of("fork", 6, new int[] { 0, 1 }, new int[] { 1, 2 },
				new int[] { 2, 3 }, new int[] { 3, 4 }, new int[] { 2, 5 }));

		List<int[]> paths = exchange(graph, new int[] { 0, 1 }, new int[] { 3, 4 });

		assertThat(paths.get(0)).containsExactly(0, 1, 2, 5);
		assertThat(paths.get(1)).containsExactly(3, 4);
	}

	@Test
	void aFreeSwitchBeyondEveryEndIsBridgedToThroughAnotherWalkRatherThanBackThroughItsOwn() {
		// s3 hangs off s1, the middle of the walk [s0, s1, s2]; the other walk [s5, s4]
		// reaches it through s2 and s1. Going back through s1 would walk it twice.
		SwitchGraph graph = graph(SmallNetworks.of("bridge", 6, new int[] { 0, 1 }, new int[] { 1, 2 },
				new int[] { 1, 3 }, new int[] { 2, 4 }, new int[] { 4, 5 }));

		List<int[]> paths = exchange(graph, new int[] { 0, 1, 2 }, new int[] { 5, 4 });

		// The bridge shares s2 and s1 with the first walk, which drops them and takes s1
		// and s3 back: two disjoint walks of three, the best plan.
		assertThat(paths.get(0)).containsExactly(3, 1, 0);
		assertThat(paths.get(1)).containsExactly(5, 4, 2);
	}

	@Test
	void aHubWithMoreDeadEndsThanWalkEndsIsWalkedBackThroughFromTheFirstEndFound() {
		SwitchGraph graph = graph(SmallNetworks.star(3));

		List<int[]> paths = exchange(graph, new int[] { 1, 0, 2 });

		assertThat(paths.get(0)).containsExactly(3, 0, 1, 0, 2);
	}

	private static SwitchGraph graph(TopologyGraph topology) {
		return SwitchGraph.of(topology, Set.of(), Set.of());
	}

	/** The exchange phase run from these walks (switch numbers, head first). */
	private static List<int[]> exchange(SwitchGraph graph, int[]... walks) {
		int[] all = graph.components().get(0);
		PathSet paths = new PathSet(graph, walks.length, all);
		for (int w = 0; w < walks.length; w++) {
			for (int node : walks[w]) {
				paths.add(w, Walk.TAIL, node);
			}
		}
		new GpintExchange(graph, paths, all).run();
		return paths.paths();
	}

	private static boolean walkable(SwitchGraph graph, int[] path) {
		for (int i = 1; i < path.length; i++) {
			if (!graph.adjacent(path[i - 1], path[i])) {
				return false;
			}
		}
		return path.length > 0;
	}

}
