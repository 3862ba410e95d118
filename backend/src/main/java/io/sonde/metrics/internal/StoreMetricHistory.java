package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.sonde.metrics.MetricHistory;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesStore;

/**
 * History through {@link TimeSeriesStore#read}: the key's raw values in the range,
 * bucketed here by {@link Downsampler}. The store's public face reads raw series only;
 * {@link DownsampleQueries} holds the SAMPLE BY and aggregateWindow forms for when it
 * grows a downsampled read, with the same buckets.
 */
class StoreMetricHistory implements MetricHistory {

	private static final Pattern METRIC = Pattern.compile("[a-z][a-z0-9_]{0,62}");

	private final TimeSeriesStore store;

	StoreMetricHistory(TimeSeriesStore store) {
		this.store = store;
	}

	@Override
	public List<MetricHistoryPoint> history(String metric, String key, Instant from, Instant to, Duration resolution) {
		if (metric == null || !METRIC.matcher(metric).matches()) {
			throw new MetricQueryRejected("metric", "not a metric name: '" + metric + "'");
		}
		if (key == null || key.isBlank()) {
			throw new MetricQueryRejected("key", "a metric key is required (GET /api/v1/metrics/keys lists them)");
		}
		if (from == null || to == null || !from.isBefore(to)) {
			throw new MetricQueryRejected("from", "the range is empty: from " + from + " is not before to " + to);
		}
		if (resolution == null || resolution.isNegative() || resolution.isZero()) {
			throw new MetricQueryRejected("resolution", "must be positive: " + resolution);
		}
		long buckets = Duration.between(from, to).toNanos() / resolution.toNanos();
		if (buckets > MAX_BUCKETS) {
			throw new MetricQueryRejected("resolution", "gives " + buckets + " intervals over the range, more than "
					+ MAX_BUCKETS + "; choose a coarser one");
		}
		SeriesQuery query = new SeriesQuery(MetricPoints.MEASUREMENT, MetricPoints.FIELD,
				Map.of("metric", metric, "metric_key", key), from, to);
		return Downsampler.downsample(this.store.read(query), resolution);
	}

}
