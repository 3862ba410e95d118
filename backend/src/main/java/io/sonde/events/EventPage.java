package io.sonde.events;

import java.util.List;

/**
 * One page of a history query, newest first.
 *
 * @param events the events of this page (their {@link TelemetryEvent#id()} is null: ids
 * belong to the live stream, which keeps only the latest)
 * @param nextCursor where the next (older) page starts; null on the last page. It names
 * the last event returned, so events stored meanwhile do not shift the pages
 */
public record EventPage(List<TelemetryEvent> events, String nextCursor) {

	public EventPage {
		events = List.copyOf(events);
	}

}
