package io.sonde.alerts.internal;

import java.time.Duration;

/**
 * Events of one series counted in a sliding window made of {@value #BUCKETS} time
 * buckets: adding is a division and an increment, whatever the rate, and memory is fixed.
 * The count covers the current bucket and the {@value #BUCKETS} - 1 before it, so it
 * spans between the window less one bucket (1/20) and the window.
 */
final class SeriesCounts {

	static final int BUCKETS = 20;

	private final long bucketMillis;

	private final long[] counts = new long[BUCKETS];

	private final long[] bucketOf = new long[BUCKETS];

	SeriesCounts(Duration window) {
		this.bucketMillis = Math.max(1, window.toMillis() / BUCKETS);
		java.util.Arrays.fill(this.bucketOf, Long.MIN_VALUE);
	}

	synchronized void add(long nowMillis, int events) {
		long bucket = nowMillis / this.bucketMillis;
		int slot = (int) Math.floorMod(bucket, (long) BUCKETS);
		if (this.bucketOf[slot] != bucket) {
			this.bucketOf[slot] = bucket;
			this.counts[slot] = 0;
		}
		this.counts[slot] += events;
	}

	/** Events in the window ending now. */
	synchronized long count(long nowMillis) {
		long bucket = nowMillis / this.bucketMillis;
		long total = 0;
		for (int slot = 0; slot < BUCKETS; slot++) {
			long of = this.bucketOf[slot];
			if (of <= bucket && of > bucket - BUCKETS) {
				total += this.counts[slot];
			}
		}
		return total;
	}

}
