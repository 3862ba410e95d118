package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The objectives the exchange phase compares, kept up to date move by move: uncovered
 * switches, switches on more than one walk, the longest walk and the sum of squared
 * lengths, in that order.
 */
class PathSetTests {

	private final SwitchGraph line = SwitchGraph.of(SmallNetworks.line(5), Set.of(), Set.of());

	@Test
	void theScoreCountsUncoveredSharedLongestAndSquaresAsWalksGrowAndShrink() {
		PathSet paths = new PathSet(this.line, 2, new int[] { 0, 1, 2, 3, 4 });
		assertThat(paths.score()).isEqualTo(new PathSet.Score(5, 0, 0, 0));

		paths.add(0, Walk.TAIL, 0);
		paths.add(0, Walk.TAIL, 1);
		paths.add(0, Walk.HEAD, 2);
		paths.add(1, Walk.TAIL, 2);
		assertThat(paths.score()).isEqualTo(new PathSet.Score(2, 1, 3, 10));
		assertThat(paths.walk(0).toArray()).containsExactly(2, 0, 1);
		assertThat(paths.visitCount(2)).isEqualTo(2);

		assertThat(paths.remove(0, Walk.HEAD)).isEqualTo(2);
		assertThat(paths.score()).isEqualTo(new PathSet.Score(2, 0, 2, 5));
		assertThat(paths.remove(1, Walk.TAIL)).isEqualTo(2);
		assertThat(paths.score()).isEqualTo(new PathSet.Score(3, 0, 2, 4));
		assertThat(paths.covered(2)).isFalse();
		assertThat(paths.uncovered()).isEqualTo(3);
	}

	@Test
	void aSwitchTwiceOnOneWalkIsNotShared() {
		PathSet paths = new PathSet(this.line, 2, new int[] { 0, 1, 2, 3, 4 });
		for (int node : new int[] { 1, 0, 1 }) {
			paths.add(0, Walk.TAIL, node);
		}

		assertThat(paths.score()).isEqualTo(new PathSet.Score(3, 0, 3, 9));
		paths.add(1, Walk.TAIL, 1);
		assertThat(paths.score().overlaps()).isEqualTo(1);
		paths.remove(0, Walk.TAIL);
		assertThat(paths.score().overlaps()).isEqualTo(1);
		paths.remove(1, Walk.TAIL);
		assertThat(paths.score().overlaps()).isZero();
	}

	@Test
	void theEndsAtASwitchFollowTheWalksBothWays() {
		PathSet paths = new PathSet(this.line, 2, new int[] { 0, 1, 2, 3, 4 });
		paths.add(0, Walk.TAIL, 1);
		assertThat(ends(paths, 1)).containsExactlyInAnyOrder(0, 1);

		paths.add(0, Walk.TAIL, 2);
		assertThat(ends(paths, 1)).containsExactly(0);
		assertThat(ends(paths, 2)).containsExactly(1);

		paths.remove(0, Walk.TAIL);
		assertThat(ends(paths, 1)).containsExactlyInAnyOrder(0, 1);
		assertThat(ends(paths, 2)).isEmpty();
		paths.remove(0, Walk.HEAD);
		assertThat(ends(paths, 1)).isEmpty();
	}

	@Test
	void theLongestWalkFallsBackToTheNextLongestWhenItShrinks() {
		PathSet paths = new PathSet(this.line, 3, new int[] { 0, 1, 2, 3, 4 });
		paths.add(0, Walk.TAIL, 0);
		paths.add(0, Walk.TAIL, 1);
		paths.add(0, Walk.TAIL, 2);
		paths.add(1, Walk.TAIL, 3);
		paths.add(1, Walk.TAIL, 4);

		paths.remove(0, Walk.TAIL);
		paths.remove(0, Walk.TAIL);

		assertThat(paths.score()).isEqualTo(new PathSet.Score(2, 0, 2, 5));
	}

	@Test
	void fewerUncoveredWinsOverEverythingElseThenFewerSharedThenTheShorterLongestThenSquares() {
		PathSet.Score base = new PathSet.Score(1, 1, 5, 30);

		assertThat(new PathSet.Score(0, 9, 9, 99).betterThan(base)).isTrue();
		assertThat(new PathSet.Score(1, 0, 9, 99).betterThan(base)).isTrue();
		assertThat(new PathSet.Score(1, 1, 4, 99).betterThan(base)).isTrue();
		assertThat(new PathSet.Score(1, 1, 5, 29).betterThan(base)).isTrue();
		assertThat(base.betterThan(base)).isFalse();
		assertThat(new PathSet.Score(1, 1, 5, 31).betterThan(base)).isFalse();
		assertThat(new PathSet.Score(2, 0, 0, 0).betterThan(base)).isFalse();
	}

	@Test
	void aWalkGrowsPastItsFirstArrayAtEitherEndInOrder() {
		Walk walk = new Walk();
		for (int i = 0; i < 20; i++) {
			walk.add(Walk.HEAD, 100 + i);
			walk.add(Walk.TAIL, 200 + i);
		}

		assertThat(walk.size()).isEqualTo(40);
		assertThat(walk.end(Walk.HEAD)).isEqualTo(119);
		assertThat(walk.end(Walk.TAIL)).isEqualTo(219);
		assertThat(walk.second(Walk.HEAD)).isEqualTo(118);
		assertThat(walk.second(Walk.TAIL)).isEqualTo(218);
		assertThat(walk.get(0)).isEqualTo(119);
		assertThat(walk.get(20)).isEqualTo(200);
		assertThat(walk.contains(100)).isTrue();
		assertThat(walk.contains(300)).isFalse();
		assertThat(walk.remove(Walk.HEAD)).isEqualTo(119);
		assertThat(walk.remove(Walk.TAIL)).isEqualTo(219);
		assertThat(walk.toArray()).hasSize(38).startsWith(118).endsWith(218);
	}

	@Test
	void aBagCountsEachValueOnceAndRefusesToRemoveWhatItLacks() {
		PathSet.IntBag bag = new PathSet.IntBag();
		for (int value : new int[] { 3, 1, 3, 2, 1 }) {
			bag.add(value);
		}

		assertThat(bag.size()).isEqualTo(5);
		assertThat(bag.distinct()).isEqualTo(3);
		bag.remove(3);
		assertThat(bag.distinct()).isEqualTo(3);
		bag.remove(3);
		assertThat(bag.distinct()).isEqualTo(2);
		assertThatThrownBy(() -> bag.remove(3)).isInstanceOf(IllegalStateException.class);
	}

	private static List<Integer> ends(PathSet paths, int node) {
		PathSet.IntBag bag = paths.endsAt(node);
		List<Integer> ends = new ArrayList<>();
		for (int i = 0; i < bag.size(); i++) {
			ends.add(bag.get(i));
		}
		return ends;
	}

}
