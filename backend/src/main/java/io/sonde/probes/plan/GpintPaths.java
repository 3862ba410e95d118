package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * GPINT (paper 001 §III-A, after Kernighan-Lin): k walks over one connected part of the
 * switch graph. Initial partitioning grows each walk from the lowest-degree switch not
 * yet on a walk to about |V|/k switches; the exchange phase then moves switches between
 * walks ({@link GpintExchange}) until no move improves the objectives of {@link PathSet}.
 * The seed breaks ties between switches of equal degree, so a seed gives one plan.
 */
final class GpintPaths {

	private final SwitchGraph graph;

	private final int[] component;

	private final SplittableRandom random;

	GpintPaths(SwitchGraph graph, int[] component, long seed) {
		this.graph = graph;
		this.component = component;
		this.random = new SplittableRandom(seed);
	}

	/** {@code walks} walks (at most one per switch of the component), exchanged. */
	List<int[]> plan(int walks) {
		PathSet paths = new PathSet(this.graph, walks, this.component);
		partition(paths);
		new GpintExchange(this.graph, paths, this.component).run();
		return paths.paths();
	}

	/**
	 * Sizes |V|/k rounded down or up (the first |V| mod k walks one more), so the targets
	 * add up to |V| and every walk finds a switch to start from. A walk starts at the
	 * lowest-degree free switch (the hardest to reach later: a switch of degree 1 can
	 * only be an end) and grows at its tail, else its head, to the free neighbour with
	 * the fewest free neighbours (Warnsdorff's rule: it leaves the free switches in one
	 * piece as long as it can).
	 */
	private void partition(PathSet paths) {
		int walks = paths.walks();
		int[] order = degreeOrder();
		int next = 0;
		for (int walk = 0; walk < walks; walk++) {
			int target = this.component.length / walks + ((walk < this.component.length % walks) ? 1 : 0);
			while (paths.covered(order[next])) {
				next++;
			}
			paths.add(walk, Walk.TAIL, order[next]);
			while (paths.walk(walk).size() < target) {
				int side = Walk.TAIL;
				int step = freeNeighbour(paths, paths.walk(walk).end(side));
				if (step < 0) {
					side = Walk.HEAD;
					step = freeNeighbour(paths, paths.walk(walk).end(side));
				}
				if (step < 0) {
					break;
				}
				paths.add(walk, side, step);
			}
		}
	}

	private int[] degreeOrder() {
		int[] shuffled = this.component.clone();
		for (int i = shuffled.length - 1; i > 0; i--) {
			int j = this.random.nextInt(i + 1);
			int swap = shuffled[i];
			shuffled[i] = shuffled[j];
			shuffled[j] = swap;
		}
		// A stable sort: equal degrees keep the seed's shuffled order.
		return Arrays.stream(shuffled)
			.boxed()
			.sorted(Comparator.comparingInt(this.graph::degree))
			.mapToInt(Integer::intValue)
			.toArray();
	}

	private int freeNeighbour(PathSet paths, int node) {
		int best = -1;
		int bestFree = Integer.MAX_VALUE;
		for (int next : this.graph.neighbours(node)) {
			if (paths.covered(next)) {
				continue;
			}
			int free = (int) IntStream.of(this.graph.neighbours(next)).filter((n) -> !paths.covered(n)).count();
			if (free < bestFree) {
				best = next;
				bestFree = free;
			}
		}
		return best;
	}

	/**
	 * How many of {@code walks} walks each component gets: one each, largest first, while
	 * walks last (a component without one stays uncovered); the rest one at a time to the
	 * component with the most switches per walk, never more walks than switches.
	 */
	static int[] share(List<int[]> components, int walks) {
		int[] shares = new int[components.size()];
		Integer[] bySize = IntStream.range(0, components.size()).boxed().toArray(Integer[]::new);
		Arrays.sort(bySize, Comparator.comparingInt((Integer c) -> -components.get(c).length));
		int left = walks;
		for (int c : bySize) {
			if (left == 0) {
				break;
			}
			shares[c] = 1;
			left--;
		}
		while (left > 0) {
			int best = -1;
			for (int c : bySize) {
				if (shares[c] > 0 && shares[c] < components.get(c).length
						&& (best < 0 || (long) components.get(c).length
								* shares[best] > (long) components.get(best).length * shares[c])) {
					best = c;
				}
			}
			if (best < 0) {
				break;
			}
			shares[best]++;
			left--;
		}
		return shares;
	}

	static List<int[]> planAll(SwitchGraph graph, int walks, long seed) {
		List<int[]> components = graph.components();
		int[] shares = share(components, walks);
		List<int[]> paths = new ArrayList<>();
		for (int c = 0; c < components.size(); c++) {
			if (shares[c] > 0) {
				paths.addAll(new GpintPaths(graph, components.get(c), seed).plan(shares[c]));
			}
		}
		return paths;
	}

}
