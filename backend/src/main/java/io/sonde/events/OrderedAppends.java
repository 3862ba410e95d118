package io.sonde.events;

import java.util.List;

/**
 * Appends from several threads that reach the event log in one order: the order in which
 * their places were taken, not the order in which their batches happen to be ready. A
 * reader that takes a place as it reads a batch (the ingest, under the lock its reads
 * share) gets its batches stored and sent to the live stream in the order it read them.
 * How the log keeps that order, and how long a place waits for the ones before it, is the
 * log's business: the order is kept for the store's sake, and never at the cost of a
 * batch (a place whose predecessors stall is appended anyway).
 */
public interface OrderedAppends {

	/** A place after every place taken so far. */
	Place next();

	/**
	 * One batch's place in the order. Closing it gives the place up, appended or not, so
	 * the places after it never wait for a batch that failed.
	 */
	interface Place extends AutoCloseable {

		/**
		 * {@link EventLog#append(List)} in this place's turn: returns when the store has
		 * the events, and gives the place up (also when it throws).
		 * @return the events with their live-stream ids
		 */
		List<TelemetryEvent> append(List<TelemetryEvent> events);

		@Override
		void close();

	}

}
