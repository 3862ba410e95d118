package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.sonde.metrics.MetricHistory;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesStore;

/**
 * History through {@link TimeSeriesStore#read}: the key's raw values in the range,
 * bucketed here by {@link Downsampler}. The values are the exporter's points, and, where
 * the exporter leaves event values to the event log ({@code sonde.metrics.event-points}),
 * its pushed points merged with the event log's rows of the key (table {@code events},
 * db-migrations/questdb V2: {@code metric}, {@code event_key}, {@code value}). A key's
 * text is the same in both, the event model's key. The store's public face reads raw
 * series only, so the buckets are made here.
 */
class StoreMetricHistory implements MetricHistory {

	private static final Pattern METRIC = Pattern.compile("[a-z][a-z0-9_]{0,62}");

	/** The event log's table and its columns (db-migrations/questdb V2). */
	static final String EVENTS_TABLE = "events";

	static final String EVENTS_KEY = "event_key";

	private final TimeSeriesStore store;

	private final boolean eventValuesFromEventLog;

	StoreMetricHistory(TimeSeriesStore store, boolean eventValuesFromEventLog) {
		this.store = store;
		this.eventValuesFromEventLog = eventValuesFromEventLog;
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
		if (!this.eventValuesFromEventLog) {
			SeriesQuery query = new SeriesQuery(MetricPoints.MEASUREMENT, MetricPoints.FIELD,
					Map.of("metric", metric, "metric_key", key), from, to);
			return Downsampler.downsample(this.store.read(query), resolution);
		}
		// Pushed points only: event points written before (or with event-points=always)
		// are the event log's rows again.
		List<Sample> pushed = this.store.read(new SeriesQuery(MetricPoints.MEASUREMENT, MetricPoints.FIELD,
				Map.of("metric", metric, "metric_key", key, "origin", MetricPoints.ORIGIN_PUSH), from, to));
		List<Sample> events = this.store.read(
				new SeriesQuery(EVENTS_TABLE, MetricPoints.FIELD, Map.of("metric", metric, EVENTS_KEY, key), from, to));
		return Downsampler.downsample(merge(pushed, events), resolution);
	}

	/** Two series, each oldest first, as one. */
	static List<Sample> merge(List<Sample> a, List<Sample> b) {
		List<Sample> merged = new ArrayList<>(a.size() + b.size());
		int i = 0;
		int j = 0;
		while (i < a.size() || j < b.size()) {
			boolean takeA = j == b.size() || (i < a.size() && !a.get(i).time().isAfter(b.get(j).time()));
			merged.add(takeA ? a.get(i++) : b.get(j++));
		}
		return merged;
	}

}
