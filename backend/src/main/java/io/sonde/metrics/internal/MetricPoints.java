package io.sonde.metrics.internal;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.sonde.events.EventFlow;
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

	/** The point of an event's value at {@code time}. */
	static MetricPoint of(TelemetryEvent event, String origin, Instant time) {
		return of(event.metric(), event.key(), event.source(), event.switchId(), event.queueId(), event.port(),
				event.flow(), event.value(), origin, time);
	}

	/** The point of a key's latest value at {@code time}. */
	static MetricPoint of(LatestValues.Latest latest, String origin, Instant time) {
		return of(latest.metric(), latest.key(), latest.source(), latest.switchId(), latest.queueId(), latest.port(),
				latest.flow(), latest.value(), origin, time);
	}

	private static MetricPoint of(String metric, String key, String source, Long switchId, Long queueId, Long port,
			EventFlow flow, double value, String origin, Instant time) {
		Map<String, String> tags = new HashMap<>();
		tags.put("metric", metric);
		tags.put("metric_key", key);
		tags.put("origin", origin);
		tags.put("source", source);
		if (switchId != null) {
			tags.put("switch_id", switchId.toString());
		}
		if (queueId != null) {
			tags.put("queue_id", queueId.toString());
		}
		if (port != null) {
			tags.put("port", port.toString());
		}
		if (flow != null) {
			tags.put("flow", flow.toString());
		}
		return new MetricPoint(MEASUREMENT, tags, Map.of(FIELD, value), time);
	}

}
