package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.sonde.events.TelemetryEvent;

/**
 * One event rule's series and their counts over a sliding window of {@value #BUCKETS}
 * time buckets, in flat arrays: an open-addressing table keyed by the series' fingerprint
 * ({@link EventSeries#fingerprint}), and per slot its newest bucket and a ring of counts.
 * Counting an event touches the key array and the slot's counts, not a map node, a key
 * object and its strings: at 200,000 events a second the cache misses of that pointer
 * walk were most of the engine's cost. The count covers the newest bucket and the
 * {@value #BUCKETS} - 1 before it, so it spans between the window less one bucket (1/20)
 * and the window. Two series with the same fingerprint count as one: that takes every
 * number of the series and both addresses' lengths and 32-bit string hashes to agree, and
 * would at worst add one series' events to another's.
 */
final class SeriesTable {

	static final int BUCKETS = 20;

	private static final int FIRST_CAPACITY = 64;

	private final long bucketMillis;

	private final int maxSeries;

	private long[] keys;

	private EventSeries[] series;

	private long[] newestBucket;

	private int[] counts;

	private int size;

	SeriesTable(Duration window, int maxSeries) {
		this.bucketMillis = Math.max(1, window.toMillis() / BUCKETS);
		this.maxSeries = maxSeries;
		allocate(FIRST_CAPACITY);
	}

	/**
	 * Counts the events at {@code positions[0..taken)} of {@code events}, whose
	 * fingerprints are {@code fingerprints[position]}; answers how many were refused
	 * because the rule already holds its maximum of series.
	 */
	synchronized int add(TelemetryEvent[] events, long[] fingerprints, int[] positions, int taken, long nowMillis) {
		long bucket = nowMillis / this.bucketMillis;
		int refused = 0;
		for (int i = 0; i < taken; i++) {
			int position = positions[i];
			int slot = slotOf(fingerprints[position]);
			if (this.keys[slot] == 0) {
				if (this.size >= this.maxSeries) {
					refused++;
					continue;
				}
				if ((this.size + 1) * 2 > this.keys.length) {
					grow();
					slot = slotOf(fingerprints[position]);
				}
				this.keys[slot] = fingerprints[position];
				this.series[slot] = EventSeries.of(events[position]);
				this.newestBucket[slot] = bucket;
				this.size++;
			}
			bump(slot, bucket);
		}
		return refused;
	}

	/**
	 * The series with at least {@code atLeast} events in the window now, with their
	 * counts; series with none left in it are forgotten.
	 */
	synchronized Map<EventSeries, Long> countsAtLeast(long nowMillis, long atLeast) {
		long now = nowMillis / this.bucketMillis;
		Map<EventSeries, Long> found = new HashMap<>();
		boolean forgetting = false;
		for (int slot = 0; slot < this.keys.length; slot++) {
			if (this.keys[slot] == 0) {
				continue;
			}
			long count = count(slot, now);
			if (count == 0) {
				this.keys[slot] = 0;
				this.series[slot] = null;
				this.size--;
				forgetting = true;
			}
			else if (count >= atLeast) {
				found.put(this.series[slot], count);
			}
		}
		if (forgetting) {
			// Emptied slots would break the probe chains of the slots after them:
			// the survivors are placed again.
			rehash(this.keys.length);
		}
		return found;
	}

	synchronized int size() {
		return this.size;
	}

	private void bump(int slot, long bucket) {
		int base = slot * BUCKETS;
		long newest = this.newestBucket[slot];
		if (bucket > newest) {
			// The buckets between the newest and this one saw nothing: they are reused.
			long cleared = Math.min(bucket - newest, BUCKETS);
			for (long step = 1; step <= cleared; step++) {
				this.counts[base + (int) Math.floorMod(newest + step, (long) BUCKETS)] = 0;
			}
			this.newestBucket[slot] = bucket;
		}
		else if (bucket <= newest - BUCKETS) {
			// Older than the window (a clock stepped back): nothing to count into.
			return;
		}
		this.counts[base + (int) Math.floorMod(bucket, (long) BUCKETS)]++;
	}

	private long count(int slot, long now) {
		long newest = this.newestBucket[slot];
		long total = 0;
		for (long bucket = Math.max(newest, now) - BUCKETS + 1; bucket <= Math.min(newest, now); bucket++) {
			if (bucket > now - BUCKETS) {
				total += this.counts[slot * BUCKETS + (int) Math.floorMod(bucket, (long) BUCKETS)];
			}
		}
		return total;
	}

	/** The slot holding {@code key}, or the empty one where it would go. */
	private int slotOf(long key) {
		int mask = this.keys.length - 1;
		int slot = (int) (key ^ (key >>> 32)) & mask;
		while (this.keys[slot] != 0 && this.keys[slot] != key) {
			slot = (slot + 1) & mask;
		}
		return slot;
	}

	private void grow() {
		rehash(this.keys.length * 2);
	}

	private void rehash(int capacity) {
		long[] oldKeys = this.keys;
		EventSeries[] oldSeries = this.series;
		long[] oldNewest = this.newestBucket;
		int[] oldCounts = this.counts;
		allocate(capacity);
		for (int old = 0; old < oldKeys.length; old++) {
			if (oldKeys[old] != 0) {
				int slot = slotOf(oldKeys[old]);
				this.keys[slot] = oldKeys[old];
				this.series[slot] = oldSeries[old];
				this.newestBucket[slot] = oldNewest[old];
				System.arraycopy(oldCounts, old * BUCKETS, this.counts, slot * BUCKETS, BUCKETS);
			}
		}
	}

	private void allocate(int capacity) {
		this.keys = new long[capacity];
		this.series = new EventSeries[capacity];
		this.newestBucket = new long[capacity];
		this.counts = new int[capacity * BUCKETS];
		Arrays.fill(this.newestBucket, Long.MIN_VALUE / 2);
	}

}
