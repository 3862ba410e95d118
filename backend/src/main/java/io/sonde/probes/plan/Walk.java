package io.sonde.probes.plan;

import java.util.Arrays;

/**
 * One probe path under construction: switches in walking order, growing and shrinking at
 * both ends (side 0 is the first switch, side 1 the last), which is all the exchange
 * phase ever changes.
 */
final class Walk {

	static final int HEAD = 0;

	static final int TAIL = 1;

	private int[] nodes = new int[16];

	private int start = 8;

	private int end = 8;

	int size() {
		return this.end - this.start;
	}

	int get(int index) {
		return this.nodes[this.start + index];
	}

	/** The switch at {@code side}. */
	int end(int side) {
		return (side == HEAD) ? this.nodes[this.start] : this.nodes[this.end - 1];
	}

	/** The switch next to the one at {@code side}; needs two switches. */
	int second(int side) {
		return (side == HEAD) ? this.nodes[this.start + 1] : this.nodes[this.end - 2];
	}

	void add(int side, int node) {
		if (side == HEAD) {
			if (this.start == 0) {
				grow();
			}
			this.nodes[--this.start] = node;
		}
		else {
			if (this.end == this.nodes.length) {
				grow();
			}
			this.nodes[this.end++] = node;
		}
	}

	int remove(int side) {
		return (side == HEAD) ? this.nodes[this.start++] : this.nodes[--this.end];
	}

	boolean contains(int node) {
		for (int i = this.start; i < this.end; i++) {
			if (this.nodes[i] == node) {
				return true;
			}
		}
		return false;
	}

	int[] toArray() {
		return Arrays.copyOfRange(this.nodes, this.start, this.end);
	}

	// Room on both sides: a walk may grow at either end.
	private void grow() {
		int size = size();
		int[] larger = new int[this.nodes.length * 2 + 16];
		int newStart = (larger.length - size) / 2;
		System.arraycopy(this.nodes, this.start, larger, newStart, size);
		this.nodes = larger;
		this.start = newStart;
		this.end = newStart + size;
	}

}
