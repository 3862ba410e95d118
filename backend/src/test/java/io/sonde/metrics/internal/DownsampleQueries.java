package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;

/**
 * The store-side form of a history query, one per store: QuestDB's {@code SAMPLE BY} and
 * InfluxDB 2.x's Flux {@code aggregateWindow}, with the same buckets as
 * {@link Downsampler} (aligned to the epoch, labelled by their start, mean per bucket).
 * Values are bound as parameters (QuestDB) or written as string literals escaped here
 * (Flux); the table, field and tag names are the exporter's own constants. The
 * downsampling tests run them against the real stores to check that {@link Downsampler}
 * makes the buckets the stores would.
 */
final class DownsampleQueries {

	private DownsampleQueries() {
	}

	/**
	 * QuestDB SQL with four parameters: metric, metric_key, from, to (timestamps).
	 */
	static String questDb(Duration resolution) {
		return "SELECT ts, avg(value) AS mean, min(value) AS min, max(value) AS max, count() AS count FROM "
				+ MetricPoints.MEASUREMENT + " WHERE metric = ? AND metric_key = ? AND ts >= ? AND ts < ? SAMPLE BY "
				+ Resolutions.format(resolution) + " ALIGN TO CALENDAR";
	}

	/** Flux for one key's mean per window, windows labelled by their start. */
	static String flux(String bucket, String metric, String key, Instant from, Instant to, Duration resolution) {
		return "from(bucket: " + literal(bucket) + ")\n" + "  |> range(start: time(v: " + literal(from.toString())
				+ "), stop: time(v: " + literal(to.toString()) + "))\n" + "  |> filter(fn: (r) => r._measurement == "
				+ literal(MetricPoints.MEASUREMENT) + " and r._field == " + literal(MetricPoints.FIELD)
				+ " and r.metric == " + literal(metric) + " and r.metric_key == " + literal(key) + ")\n"
				+ "  |> aggregateWindow(every: " + Resolutions.format(resolution)
				+ ", fn: mean, timeSrc: \"_start\", createEmpty: false)";
	}

	/** A Flux string literal: backslash, quote and interpolation escaped. */
	static String literal(String value) {
		return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + "\"";
	}

}
