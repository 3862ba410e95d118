package io.sonde.events;

import java.util.List;

/**
 * Where events go and where they are found again: the time-series store (history,
 * queries) and a capped Redis stream (the live view, resumable by id).
 */
public interface EventLog {

	/** Largest page {@link #query} returns. */
	int MAX_PAGE = 1000;

	/**
	 * Stores the events (idempotent on {@link TelemetryEvent#origin()}), appends them to
	 * the live stream and publishes {@link EventsAppended}. Returns when the store has
	 * them.
	 * @return the events with their live-stream ids
	 */
	List<TelemetryEvent> append(List<TelemetryEvent> events);

	/**
	 * A new order of appends for threads that append concurrently but want their batches
	 * stored and sent to the live stream in the order they took their places.
	 */
	OrderedAppends ordered();

	/**
	 * Stored events matching {@code query}, newest first (by detection time, then
	 * origin).
	 * @param cursor null for the first page, else a previous page's
	 * {@link EventPage#nextCursor()}
	 * @param limit 1 to {@link #MAX_PAGE}
	 * @throws EventQueryRejected for a cursor or limit it cannot use
	 */
	EventPage query(EventQuery query, String cursor, int limit);

}
