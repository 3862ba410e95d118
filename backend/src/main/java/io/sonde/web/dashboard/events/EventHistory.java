package io.sonde.web.dashboard.events;

import java.util.List;

import io.sonde.events.EventQuery;
import io.sonde.events.TelemetryEvent;

/**
 * What the Events page's history mode reads: past events by filter, a page at a time. The
 * events module's store answers it (an adapter over its query facade); while no bean of
 * it exists the page says history is not available.
 */
public interface EventHistory {

	/**
	 * @param cursor where the previous page ended ({@link EventPage#next()}), or null for
	 * the newest events
	 * @param limit at most this many, newest first
	 */
	EventPage find(EventQuery query, String cursor, int limit);

	/**
	 * @param events newest first
	 * @param next the cursor of the following (older) page; null when this is the last
	 */
	record EventPage(List<TelemetryEvent> events, String next) {

		public EventPage {
			events = List.copyOf(events);
		}

	}

}
