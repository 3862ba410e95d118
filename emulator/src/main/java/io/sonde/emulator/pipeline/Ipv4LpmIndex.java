package io.sonde.emulator.pipeline;

import java.util.Arrays;

/**
 * Longest-prefix match over IPv4 prefixes: one hash map per prefix length present, probed
 * from the longest length down, so a lookup costs one probe per distinct length.
 */
final class Ipv4LpmIndex {

	private final IntIndexMap[] byLength = new IntIndexMap[33];

	/** Prefix lengths present, longest first. */
	private int[] lengths = new int[0];

	/** The entry index of a prefix, or -1. */
	int find(int prefix, int length) {
		IntIndexMap map = this.byLength[length];
		return (map == null) ? -1 : map.get(prefix & mask(length));
	}

	void add(int prefix, int length, int entry) {
		if (this.byLength[length] == null) {
			this.byLength[length] = new IntIndexMap();
			this.lengths = Arrays.copyOf(this.lengths, this.lengths.length + 1);
			this.lengths[this.lengths.length - 1] = length;
			Arrays.sort(this.lengths);
			for (int i = 0; i < this.lengths.length / 2; i++) {
				int swap = this.lengths[i];
				this.lengths[i] = this.lengths[this.lengths.length - 1 - i];
				this.lengths[this.lengths.length - 1 - i] = swap;
			}
		}
		this.byLength[length].put(prefix & mask(length), entry);
	}

	/** The entry index of the longest prefix covering {@code address}, or -1. */
	int lookup(int address) {
		for (int length : this.lengths) {
			int entry = this.byLength[length].get(address & mask(length));
			if (entry >= 0) {
				return entry;
			}
		}
		return -1;
	}

	static int mask(int length) {
		return (length == 0) ? 0 : -1 << (32 - length);
	}

}
