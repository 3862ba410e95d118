package io.sonde.metrics.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.sonde.events.TelemetryEvent;
import io.sonde.store.MetricPoint;

/**
 * The measurement and tag layout of the exporter's points (table {@code int_metrics},
 * db-migrations/questdb/V3): tags {@code metric}, {@code metric_key} (the event model's
 * key text), {@code origin} ({@code event} or {@code push}), {@code source}, and the
 * key's parts that apply ({@code switch_id}, {@code queue_id}, {@code port},
 * {@code flow}); one field, {@code value}.
 */
final class MetricPoints {

	static final String MEASUREMENT = "int_metrics";

	static final String FIELD = "value";

	static final String ORIGIN_EVENT = "event";

	static final String ORIGIN_PUSH = "push";

	private MetricPoints() {
	}

	/** The point of a value at {@code time}. */
	static MetricPoint of(TelemetryEvent event, String origin, Instant time) {
		Map<String, String> tags = new HashMap<>();
		tags.put("metric", event.metric());
		tags.put("metric_key", event.key());
		tags.put("origin", origin);
		tags.put("source", event.source());
		if (event.switchId() != null) {
			tags.put("switch_id", event.switchId().toString());
		}
		if (event.queueId() != null) {
			tags.put("queue_id", event.queueId().toString());
		}
		if (event.port() != null) {
			tags.put("port", event.port().toString());
		}
		if (event.flow() != null) {
			tags.put("flow", event.flow().toString());
		}
		return new MetricPoint(MEASUREMENT, tags, Map.of(FIELD, event.value()), time);
	}

}
