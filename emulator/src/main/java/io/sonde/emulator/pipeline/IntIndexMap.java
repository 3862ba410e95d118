package io.sonde.emulator.pipeline;

import java.util.Arrays;

/**
 * An open-addressing map from int keys to non-negative int values (entry indexes), so a
 * table lookup neither boxes nor allocates.
 */
final class IntIndexMap {

	private static final int ABSENT = -1;

	private int[] keys = new int[16];

	private int[] values = filled(16);

	private int size;

	int get(int key) {
		int mask = this.keys.length - 1;
		for (int slot = mix(key) & mask;; slot = (slot + 1) & mask) {
			int value = this.values[slot];
			if (value == ABSENT) {
				return ABSENT;
			}
			if (this.keys[slot] == key) {
				return value;
			}
		}
	}

	/** Adds a key that is not in the map. */
	void put(int key, int value) {
		if (2 * (this.size + 1) > this.keys.length) {
			grow();
		}
		int mask = this.keys.length - 1;
		int slot = mix(key) & mask;
		while (this.values[slot] != ABSENT) {
			slot = (slot + 1) & mask;
		}
		this.keys[slot] = key;
		this.values[slot] = value;
		this.size++;
	}

	private void grow() {
		int[] oldKeys = this.keys;
		int[] oldValues = this.values;
		this.keys = new int[oldKeys.length * 2];
		this.values = filled(oldKeys.length * 2);
		this.size = 0;
		for (int i = 0; i < oldKeys.length; i++) {
			if (oldValues[i] != ABSENT) {
				put(oldKeys[i], oldValues[i]);
			}
		}
	}

	private static int mix(int key) {
		int h = key * 0x9E3779B9;
		return h ^ (h >>> 16);
	}

	private static int[] filled(int length) {
		int[] array = new int[length];
		Arrays.fill(array, ABSENT);
		return array;
	}

}
