package io.sonde.events;

import java.util.List;

/**
 * Published after a batch of events was stored and appended to the live stream, in order:
 * what the metrics exporter, the accounting and the live views follow. The events are
 * without their live-stream ids: no listener needs them, and the ingest publishes 200,000
 * events a second ({@link EventLog#append} returns them with ids).
 */
public record EventsAppended(List<TelemetryEvent> events) {

	public EventsAppended {
		events = List.copyOf(events);
	}

}
