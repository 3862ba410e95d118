package io.sonde.probes.plan;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * GPINT's exchange phase (paper 001 §III-A, Fig. 3): at every walk end, in walk order,
 * the moves below are tried and one that improves {@link PathSet#score()} is taken;
 * passes repeat until none does. Every move keeps the walks walkable (switches join or
 * leave only at an end, next to a neighbour) and non-empty, so the walk count stays k.
 * <ul>
 * <li>absorb: a free neighbour of the end joins the walk (an endpoint transfer from no
 * walk);</li>
 * <li>overlapping node (Fig. 3c): the walk steps onto a neighbour already on another walk
 * to reach a free switch behind it;</li>
 * <li>drop: an end that another walk (or the walk itself) also visits leaves;</li>
 * <li>endpoint transfer (Fig. 3a): the end moves to another walk whose end is its
 * neighbour;</li>
 * <li>segment transfer (Fig. 3b): the last two switches move to such a walk, either way
 * round;</li>
 * <li>bridge: when no end move is left and switches are still free, the walk end nearest
 * to one is extended to it along a shortest path, through switches of other walks if it
 * must (and, only where nothing else reaches it, through its own: a hub with more
 * dead-end neighbours than walks can only be covered by a walk that comes back).</li>
 * </ul>
 * Moves are taken only when the score strictly falls, so the phase ends.
 */
final class GpintExchange {

	private final SwitchGraph graph;

	private final PathSet paths;

	private final int[] component;

	GpintExchange(SwitchGraph graph, PathSet paths, int[] component) {
		this.graph = graph;
		this.paths = paths;
		this.component = component;
	}

	void run() {
		boolean improved = true;
		while (improved) {
			improved = false;
			for (int walk = 0; walk < this.paths.walks(); walk++) {
				for (int side = Walk.HEAD; side <= Walk.TAIL; side++) {
					while (improveEnd(walk, side)) {
						improved = true;
					}
				}
			}
			if (!improved && this.paths.uncovered() > 0) {
				improved = bridge();
			}
		}
	}

	private boolean improveEnd(int walk, int side) {
		return absorb(walk, side) || overlap(walk, side) || drop(walk, side) || transferEnd(walk, side)
				|| transferSegment(walk, side);
	}

	private boolean absorb(int walk, int side) {
		for (int next : this.graph.neighbours(this.paths.walk(walk).end(side))) {
			if (!this.paths.covered(next)) {
				this.paths.add(walk, side, next);
				return true;
			}
		}
		return false;
	}

	private boolean overlap(int walk, int side) {
		Walk path = this.paths.walk(walk);
		for (int shared : this.graph.neighbours(path.end(side))) {
			if (path.contains(shared)) {
				continue;
			}
			for (int beyond : this.graph.neighbours(shared)) {
				if (!this.paths.covered(beyond)) {
					this.paths.add(walk, side, shared);
					this.paths.add(walk, side, beyond);
					return true;
				}
			}
		}
		return false;
	}

	private boolean drop(int walk, int side) {
		Walk path = this.paths.walk(walk);
		if (path.size() > 1 && this.paths.visitCount(path.end(side)) > 1) {
			this.paths.remove(walk, side);
			return true;
		}
		return false;
	}

	private boolean transferEnd(int walk, int side) {
		Walk path = this.paths.walk(walk);
		if (path.size() < 2) {
			return false;
		}
		int moving = path.end(side);
		for (int next : this.graph.neighbours(moving)) {
			PathSet.IntBag ends = this.paths.endsAt(next);
			for (int e = 0; e < ends.size(); e++) {
				int to = ends.get(e) / 2;
				int toSide = ends.get(e) % 2;
				if (to != walk && !this.paths.walk(to).contains(moving)
						&& tryMove(walk, side, to, toSide, new int[] { moving })) {
					return true;
				}
			}
		}
		return false;
	}

	private boolean transferSegment(int walk, int side) {
		Walk path = this.paths.walk(walk);
		if (path.size() < 3) {
			return false;
		}
		int end = path.end(side);
		int inner = path.second(side);
		return transferSegment(walk, side, end, new int[] { end, inner })
				|| transferSegment(walk, side, inner, new int[] { inner, end });
	}

	/**
	 * Moves the walk's last two switches to a walk whose end neighbours {@code joint}.
	 */
	private boolean transferSegment(int walk, int side, int joint, int[] segment) {
		for (int next : this.graph.neighbours(joint)) {
			PathSet.IntBag ends = this.paths.endsAt(next);
			for (int e = 0; e < ends.size(); e++) {
				int to = ends.get(e) / 2;
				int toSide = ends.get(e) % 2;
				Walk target = this.paths.walk(to);
				if (to != walk && !target.contains(segment[0]) && !target.contains(segment[1])
						&& tryMove(walk, side, to, toSide, segment)) {
					return true;
				}
			}
		}
		return false;
	}

	/**
	 * Moves {@code nodes.length} switches off the walk's end and onto the other walk's
	 * end in the order given; keeps the move only if the score falls.
	 */
	private boolean tryMove(int from, int fromSide, int to, int toSide, int[] nodes) {
		PathSet.Score before = this.paths.score();
		int[] taken = new int[nodes.length];
		for (int i = 0; i < nodes.length; i++) {
			taken[i] = this.paths.remove(from, fromSide);
		}
		for (int node : nodes) {
			this.paths.add(to, toSide, node);
		}
		if (this.paths.score().betterThan(before)) {
			return true;
		}
		for (int i = 0; i < nodes.length; i++) {
			this.paths.remove(to, toSide);
		}
		for (int i = taken.length - 1; i >= 0; i--) {
			this.paths.add(from, fromSide, taken[i]);
		}
		return false;
	}

	/**
	 * Extends the walk end nearest to the first free switch along a shortest path to it:
	 * through switches not on that walk if such a path reaches an end, else the nearest
	 * end however it gets there. False if no walk end is connected to a free switch.
	 */
	private boolean bridge() {
		for (int free : this.component) {
			if (this.paths.covered(free)) {
				continue;
			}
			int[] parent = new int[this.graph.size()];
			Arrays.fill(parent, -2);
			parent[free] = -1;
			ArrayDeque<Integer> queue = new ArrayDeque<>();
			queue.add(free);
			int fallbackEnd = -1;
			int fallbackNode = -1;
			while (!queue.isEmpty()) {
				int node = queue.poll();
				PathSet.IntBag ends = this.paths.endsAt(node);
				for (int e = 0; e < ends.size(); e++) {
					if (routeAvoids(parent, node, this.paths.walk(ends.get(e) / 2))) {
						extend(ends.get(e), node, parent);
						return true;
					}
					if (fallbackEnd < 0) {
						fallbackEnd = ends.get(e);
						fallbackNode = node;
					}
				}
				for (int next : this.graph.neighbours(node)) {
					if (parent[next] == -2) {
						parent[next] = node;
						queue.add(next);
					}
				}
			}
			if (fallbackEnd >= 0) {
				extend(fallbackEnd, fallbackNode, parent);
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the route from {@code start} (a walk end) to the free switch leaves the
	 * walk.
	 */
	private static boolean routeAvoids(int[] parent, int start, Walk walk) {
		for (int node = parent[start]; node >= 0; node = parent[node]) {
			if (walk.contains(node)) {
				return false;
			}
		}
		return true;
	}

	private void extend(int end, int start, int[] parent) {
		for (int node = parent[start]; node >= 0; node = parent[node]) {
			this.paths.add(end / 2, end % 2, node);
		}
	}

}
