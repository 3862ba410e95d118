package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.store.Sample;

/**
 * Buckets raw samples by resolution, aligned to the epoch (as SAMPLE BY ... ALIGN TO
 * CALENDAR and aggregateWindow do): mean, min, max and count per non-empty bucket.
 */
final class Downsampler {

	private Downsampler() {
	}

	/**
	 * @param samples oldest first, as the store returns them
	 */
	static List<MetricHistoryPoint> downsample(List<Sample> samples, Duration resolution) {
		long step = resolution.toNanos();
		List<MetricHistoryPoint> out = new ArrayList<>();
		long bucket = Long.MIN_VALUE;
		double sum = 0;
		double min = 0;
		double max = 0;
		long count = 0;
		for (Sample sample : samples) {
			long nanos = sample.time().getEpochSecond() * 1_000_000_000L + sample.time().getNano();
			long start = Math.floorDiv(nanos, step) * step;
			if (start != bucket && count > 0) {
				out.add(new MetricHistoryPoint(instant(bucket), sum / count, min, max, count));
				count = 0;
			}
			if (count == 0) {
				bucket = start;
				sum = 0;
				min = sample.value();
				max = sample.value();
			}
			sum += sample.value();
			min = Math.min(min, sample.value());
			max = Math.max(max, sample.value());
			count++;
		}
		if (count > 0) {
			out.add(new MetricHistoryPoint(instant(bucket), sum / count, min, max, count));
		}
		return out;
	}

	private static Instant instant(long nanos) {
		return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
	}

}
