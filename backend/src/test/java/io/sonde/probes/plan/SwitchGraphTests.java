package io.sonde.probes.plan;

import java.util.Set;

import io.sonde.probes.Link;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The graph the planners walk: switches only, one edge per pair of cabled switches,
 * avoided parts removed but counted, parts ordered by their smallest switch.
 */
class SwitchGraphTests {

	@Test
	void hostsAreLeftOutAndParallelCablesAreOneEdge() {
		SwitchGraph graph = SwitchGraph.of(
				SmallNetworks.withHosts("doubled", 3, 2, new int[] { 0, 1 }, new int[] { 1, 0 }, new int[] { 1, 2 }),
				Set.of(), Set.of());

		assertThat(graph.size()).isEqualTo(3);
		assertThat(graph.allEdges()).isEqualTo(2);
		assertThat(graph.neighbours(1)).containsExactly(0, 2);
		assertThat(graph.degree(0)).isEqualTo(1);
		assertThat(graph.adjacent(0, 1)).isTrue();
		assertThat(graph.adjacent(0, 2)).isFalse();
		assertThat(graph.name(2)).isEqualTo("s2");
	}

	@Test
	void anAvoidedSwitchKeepsItsNumberAndItsEdgesCountButNothingReachesIt() {
		SwitchGraph graph = SwitchGraph.of(SmallNetworks.line(4), Set.of("s1"), Set.of(Link.between("s2", "s3")));

		assertThat(graph.size()).isEqualTo(4);
		assertThat(graph.allEdges()).isEqualTo(3);
		assertThat(graph.present(1)).isFalse();
		assertThat(graph.neighbours(0)).isEmpty();
		assertThat(graph.neighbours(1)).isEmpty();
		assertThat(graph.neighbours(2)).isEmpty();
		assertThat(graph.components()).containsExactly(new int[] { 0 }, new int[] { 2 }, new int[] { 3 });
	}

	@Test
	void componentsAreAscendingAndOrderedByTheirSmallestSwitch() {
		SwitchGraph graph = SwitchGraph.of(
				SmallNetworks.of("two", 5, new int[] { 3, 1 }, new int[] { 1, 4 }, new int[] { 0, 2 }), Set.of(),
				Set.of());

		assertThat(graph.components()).containsExactly(new int[] { 0, 2 }, new int[] { 1, 3, 4 });
	}

}
