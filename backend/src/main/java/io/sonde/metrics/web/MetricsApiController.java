package io.sonde.metrics.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.sonde.metrics.MetricHistory;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.metrics.MetricQueryRejected;
import io.sonde.metrics.MetricsExport;
import io.sonde.metrics.MetricsExport.MetricKey;
import io.sonde.metrics.internal.KnownMetrics;
import io.sonde.metrics.internal.Resolutions;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Metric history for charts, and the keys of a metric for pickers.
 */
@RestController
@RequestMapping("/api/v1/metrics")
@Tag(name = "Metrics", description = "History of the Table I metrics and their keys")
class MetricsApiController {

	/** Intervals a history has when the caller names no resolution. */
	private static final int DEFAULT_INTERVALS = 300;

	private final MetricHistory history;

	private final MetricsExport export;

	private final Clock clock;

	MetricsApiController(MetricHistory history, MetricsExport export, Clock clock) {
		this.history = history;
		this.export = export;
		this.clock = clock;
	}

	/**
	 * {@code GET /api/v1/metrics?metric=&key=&from=&to=&resolution=}: {@code to} defaults
	 * to now, {@code from} to an hour before it, {@code resolution} (10s, 5m, 1h) to the
	 * range over 300.
	 */
	@GetMapping
	@Operation(summary = "A key's history of one metric, downsampled")
	@ApiResponse(responseCode = "400",
			description = "A bad parameter, named in 'field'; an unknown metric also lists the known ones in 'known'")
	MetricHistoryResponse history(@RequestParam(required = false) String metric,
			@RequestParam(required = false) String key, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String resolution) {
		Instant end = (to != null) ? instant("to", to) : this.clock.instant();
		Instant start = (from != null) ? instant("from", from) : end.minus(Duration.ofHours(1));
		Duration step = (resolution != null) ? resolution(resolution) : defaultResolution(start, end);
		KnownMetrics.require(metric);
		List<MetricHistoryPoint> points = this.history.history(metric, key, start, end, step);
		return new MetricHistoryResponse(metric, key, start, end, step.toMillis(), points);
	}

	/** {@code GET /api/v1/metrics/keys?metric=&switch=}: the keys seen since start. */
	@GetMapping("/keys")
	@Operation(summary = "The keys of a metric seen since start, optionally of one switch")
	@ApiResponse(responseCode = "400",
			description = "A bad parameter, named in 'field'; an unknown metric also lists the known ones in 'known'")
	List<MetricKey> keys(@RequestParam(required = false) String metric,
			@RequestParam(name = "switch", required = false) String switchId) {
		KnownMetrics.require(metric);
		Long sw = null;
		if (switchId != null) {
			try {
				sw = Long.parseLong(switchId);
			}
			catch (NumberFormatException ex) {
				throw new MetricQueryRejected("switch", "not a switch id: '" + switchId + "'");
			}
		}
		return this.export.keys(metric, sw);
	}

	private static Instant instant(String field, String text) {
		try {
			return Instant.parse(text);
		}
		catch (DateTimeParseException ex) {
			try {
				return Instant.ofEpochMilli(Long.parseLong(text));
			}
			catch (NumberFormatException notMillis) {
				throw new MetricQueryRejected(field, "not an ISO-8601 instant or epoch milliseconds: '" + text + "'");
			}
		}
	}

	private static Duration resolution(String text) {
		try {
			return Resolutions.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new MetricQueryRejected("resolution", ex.getMessage());
		}
	}

	private static Duration defaultResolution(Instant from, Instant to) {
		long millis = Math.max(1000, Duration.between(from, to).toMillis() / DEFAULT_INTERVALS);
		return Duration.ofMillis(millis);
	}

	/**
	 * A history: the query as understood and its points.
	 *
	 * @param resolutionMs the interval of each point
	 */
	record MetricHistoryResponse(String metric, String key, Instant from, Instant to, long resolutionMs,
			List<MetricHistoryPoint> points) {
	}

}
