package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The k walks of a GPINT plan with the objectives kept up to date on every change, so the
 * exchange phase can try a move, compare and take it back in constant time. The
 * objectives, in the order they are compared (the paper's requirements in their order):
 * switches left uncovered (requirement 1), switches on more than one path (requirement 1:
 * maximally disjoint), the longest path, then the sum of squared lengths (requirement 2:
 * with the switch count fixed, the smaller the sum the more even the lengths).
 */
final class PathSet {

	private final SwitchGraph graph;

	private final Walk[] walks;

	/** Per switch, the walks it is on, once per visit. */
	private final IntBag[] visits;

	/** Per switch, the walk ends at it, as walk * 2 + side. */
	private final IntBag[] endsAt;

	private int uncovered;

	private int overlaps;

	private long squares;

	private int[] lengthCount = new int[64];

	private int longest;

	/**
	 * @param targets the switches that should be covered: those of the components the
	 * walks are planned over
	 */
	PathSet(SwitchGraph graph, int walks, int[] targets) {
		this.graph = graph;
		this.walks = new Walk[walks];
		this.visits = new IntBag[graph.size()];
		this.endsAt = new IntBag[graph.size()];
		for (int node = 0; node < graph.size(); node++) {
			this.visits[node] = new IntBag();
			this.endsAt[node] = new IntBag();
		}
		for (int i = 0; i < walks; i++) {
			this.walks[i] = new Walk();
		}
		this.uncovered = targets.length;
		this.lengthCount[0] = walks;
	}

	int walks() {
		return this.walks.length;
	}

	Walk walk(int index) {
		return this.walks[index];
	}

	boolean covered(int node) {
		return this.visits[node].size() > 0;
	}

	/** Visits of the switch over all walks. */
	int visitCount(int node) {
		return this.visits[node].size();
	}

	/** The walk ends (walk * 2 + side) at the switch. */
	IntBag endsAt(int node) {
		return this.endsAt[node];
	}

	void add(int walk, int side, int node) {
		Walk path = this.walks[walk];
		if (path.size() > 0) {
			this.endsAt[path.end(side)].remove(walk * 2 + side);
		}
		int before = distinctWalks(node);
		if (this.visits[node].size() == 0) {
			this.uncovered--;
		}
		this.visits[node].add(walk);
		if (before == 1 && distinctWalks(node) == 2) {
			this.overlaps++;
		}
		resize(path.size(), path.size() + 1);
		path.add(side, node);
		if (path.size() == 1) {
			this.endsAt[node].add(walk * 2 + (1 - side));
		}
		this.endsAt[node].add(walk * 2 + side);
	}

	int remove(int walk, int side) {
		Walk path = this.walks[walk];
		int node = path.end(side);
		this.endsAt[node].remove(walk * 2 + side);
		if (path.size() == 1) {
			this.endsAt[node].remove(walk * 2 + (1 - side));
		}
		resize(path.size(), path.size() - 1);
		path.remove(side);
		if (path.size() > 0) {
			this.endsAt[path.end(side)].add(walk * 2 + side);
		}
		int before = distinctWalks(node);
		this.visits[node].remove(walk);
		if (this.visits[node].size() == 0) {
			this.uncovered++;
		}
		if (before == 2 && distinctWalks(node) == 1) {
			this.overlaps--;
		}
		return node;
	}

	/** The objectives, smallest best, compared in order. */
	Score score() {
		return new Score(this.uncovered, this.overlaps, this.longest, this.squares);
	}

	int uncovered() {
		return this.uncovered;
	}

	List<int[]> paths() {
		List<int[]> paths = new ArrayList<>();
		for (Walk walk : this.walks) {
			paths.add(walk.toArray());
		}
		return paths;
	}

	private int distinctWalks(int node) {
		return this.visits[node].distinct();
	}

	private void resize(int from, int to) {
		if (to >= this.lengthCount.length) {
			this.lengthCount = Arrays.copyOf(this.lengthCount, to * 2);
		}
		this.lengthCount[from]--;
		this.lengthCount[to]++;
		this.squares += (long) to * to - (long) from * from;
		if (to > this.longest) {
			this.longest = to;
		}
		while (this.longest > 0 && this.lengthCount[this.longest] == 0) {
			this.longest--;
		}
	}

	record Score(int uncovered, int overlaps, int longest, long squares) implements Comparable<Score> {

		@Override
		public int compareTo(Score other) {
			int order = Integer.compare(this.uncovered, other.uncovered);
			if (order == 0) {
				order = Integer.compare(this.overlaps, other.overlaps);
			}
			if (order == 0) {
				order = Integer.compare(this.longest, other.longest);
			}
			return (order != 0) ? order : Long.compare(this.squares, other.squares);
		}

		boolean betterThan(Score other) {
			return compareTo(other) < 0;
		}

	}

	/** A small multiset of ints: the few walks on one switch. */
	static final class IntBag {

		private int[] values = new int[2];

		private int size;

		int size() {
			return this.size;
		}

		int get(int index) {
			return this.values[index];
		}

		void add(int value) {
			if (this.size == this.values.length) {
				this.values = Arrays.copyOf(this.values, this.size * 2);
			}
			this.values[this.size++] = value;
		}

		void remove(int value) {
			for (int i = 0; i < this.size; i++) {
				if (this.values[i] == value) {
					this.values[i] = this.values[--this.size];
					return;
				}
			}
			throw new IllegalStateException("no " + value + " to remove");
		}

		int distinct() {
			int count = 0;
			for (int i = 0; i < this.size; i++) {
				boolean seen = false;
				for (int j = 0; j < i && !seen; j++) {
					seen = this.values[j] == this.values[i];
				}
				if (!seen) {
					count++;
				}
			}
			return count;
		}

	}

}
