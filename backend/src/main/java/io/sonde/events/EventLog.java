package io.sonde.events;

import java.util.List;

/**
 * Where events go and where they are found again: the time-series store (history,
 * queries) and a capped Redis stream (the live view, resumable by id).
 */
public interface EventLog {

	/**
	 * Stores the events (idempotent on {@link TelemetryEvent#origin()}), appends them to
	 * the live stream and publishes {@link EventsAppended}. Returns when the store has
	 * them.
	 * @return the events with their live-stream ids
	 */
	List<TelemetryEvent> append(List<TelemetryEvent> events);

}
