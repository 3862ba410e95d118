package io.sonde.events;

import java.util.List;

/**
 * Published after a batch of events was stored and appended to the live stream, in order:
 * what the metrics exporter, the accounting and the live views follow.
 */
public record EventsAppended(List<TelemetryEvent> events) {

	public EventsAppended {
		events = List.copyOf(events);
	}

}
