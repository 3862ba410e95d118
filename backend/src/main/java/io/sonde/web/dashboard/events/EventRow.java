package io.sonde.web.dashboard.events;

import java.time.Instant;
import java.util.List;

import io.sonde.events.TelemetryEvent;

/**
 * An event as the Events page shows it and as the live feed sends it (JSON): the model's
 * fields, with the flow as its filter text and the kind as the page names it.
 *
 * @param id the live-stream id, what the browser resumes from
 * @param kind {@code new_key}, {@code changed}, ...
 * @param flow {@code 10.0.0.2:5000>10.1.0.3:6000/17}, or null
 */
public record EventRow(String id, Instant detectedAt, String kind, String metric, String key, double value,
		Double previous, Long switchId, Long queueId, Long port, String flow, List<Long> path, String source) {

	public static EventRow of(TelemetryEvent event) {
		return new EventRow(event.id(), event.detectedAt(), event.kind().name().toLowerCase(java.util.Locale.ROOT),
				event.metric(), event.key(), event.value(), event.previous(), event.switchId(), event.queueId(),
				event.port(), (event.flow() != null) ? event.flow().toString() : null, event.path(), event.source());
	}

}
