package io.sonde.web.dashboard.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.sonde.metrics.MetricQueryRejected;
import io.sonde.metrics.MetricsExport;

import org.springframework.stereotype.Component;

/**
 * The Metrics page's keys and charts from the metrics module: keys seen by its exporter,
 * history downsampled by the store (each point an interval's mean).
 */
@Component
class MetricsModuleHistory implements MetricHistory {

	private final io.sonde.metrics.MetricHistory history;

	private final MetricsExport export;

	MetricsModuleHistory(io.sonde.metrics.MetricHistory history, MetricsExport export) {
		this.history = history;
		this.export = export;
	}

	@Override
	public List<String> keys(String metric) {
		return this.export.keys(metric, null).stream().map(MetricsExport.MetricKey::key).sorted().toList();
	}

	@Override
	public List<Point> series(String metric, String key, Instant from, Instant to, Duration resolution) {
		try {
			return this.history.history(metric, key, from, to, resolution)
				.stream()
				.map((point) -> new Point(point.time(), point.mean()))
				.toList();
		}
		catch (MetricQueryRejected rejected) {
			throw new InvalidMetricRequest(rejected.field(), rejected.getMessage());
		}
	}

}
