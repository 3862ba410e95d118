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
	 * {@link #append(List)} in two steps: returns once the store has the events and their
	 * live-stream appends are sent; {@link Appending#await()} then waits for the live
	 * stream's ids and publishes {@link EventsAppended}. The caller can do other work
	 * between the two, such as reading its next batch, while Redis answers. The events
	 * are committed to the store only after every turn taken before {@code turn} (see
	 * {@link AppendOrder}) and sent to the live stream before the turn is given up, so
	 * both see batches in turn order; the turn is finished when this returns or throws.
	 */
	Appending append(List<TelemetryEvent> events, AppendOrder.Turn turn);

	/** An append whose events the store has, its live-stream ids still to come. */
	@FunctionalInterface
	interface Appending {

		/**
		 * Waits for the live stream's ids, then publishes {@link EventsAppended}.
		 * @return the events with their live-stream ids
		 */
		List<TelemetryEvent> await();

	}

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
