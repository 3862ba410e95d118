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
	 * {@link #append(List)}, committed to the store only after every turn taken before
	 * {@code turn} (see {@link AppendOrder}) and sent to the live stream before it gives
	 * the turn up, so both see batches in turn order; the turn is finished once the store
	 * has the events and the live stream's appends are sent, or when this throws.
	 */
	List<TelemetryEvent> append(List<TelemetryEvent> events, AppendOrder.Turn turn);

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
