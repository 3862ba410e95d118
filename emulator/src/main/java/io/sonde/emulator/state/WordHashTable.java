package io.sonde.emulator.state;

import java.util.Collection;

/**
 * Open addressing over keys of several words, all masked by one mask: probing masks the
 * looked-up key on the fly, so a lookup allocates nothing. Built once, then read-only.
 */
final class WordHashTable implements MatchIndex {

	private final long[] mask;

	private final int words;

	private final long[] keys;

	private final InstalledEntry[] slots;

	private final int slotMask;

	WordHashTable(long[] mask, Collection<InstalledEntry> entries) {
		this.mask = mask.clone();
		this.words = mask.length;
		// Load factor at most one half keeps probe chains short.
		int capacity = Integer.highestOneBit(Math.max(4, entries.size() * 2) - 1) << 1;
		this.keys = new long[capacity * Math.max(1, this.words)];
		this.slots = new InstalledEntry[capacity];
		this.slotMask = capacity - 1;
		for (InstalledEntry entry : entries) {
			put(entry);
		}
	}

	private void put(InstalledEntry entry) {
		long[] value = entry.value();
		int slot = (int) hash(value) & this.slotMask;
		while (this.slots[slot] != null) {
			slot = (slot + 1) & this.slotMask;
		}
		this.slots[slot] = entry;
		System.arraycopy(value, 0, this.keys, slot * this.words, this.words);
	}

	@Override
	public InstalledEntry find(long[] key) {
		int slot = (int) hash(key) & this.slotMask;
		InstalledEntry candidate;
		while ((candidate = this.slots[slot]) != null) {
			if (equalsMasked(key, slot)) {
				return candidate;
			}
			slot = (slot + 1) & this.slotMask;
		}
		return null;
	}

	private long hash(long[] key) {
		long h = 0x9E3779B97F4A7C15L;
		for (int i = 0; i < this.words; i++) {
			h = (h ^ (key[i] & this.mask[i])) * 0x100000001B3L;
		}
		return Words.mix(h);
	}

	private boolean equalsMasked(long[] key, int slot) {
		int base = slot * this.words;
		for (int i = 0; i < this.words; i++) {
			if ((key[i] & this.mask[i]) != this.keys[base + i]) {
				return false;
			}
		}
		return true;
	}

}
