package io.sonde.events.internal;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import io.sonde.events.TelemetryEvent;

/**
 * A batch's events with their live-stream ids ({@link EventId}), each made when it is
 * read: the ingest reads none of them, and a copy and an id string for every event showed
 * in its profile (make bench-ingest under JFR). Unmodifiable, as the events it is made
 * of.
 */
final class IdentifiedEvents extends AbstractList<TelemetryEvent> implements RandomAccess {

	private final List<TelemetryEvent> events;

	private final String[] entryIds;

	/**
	 * @param events the batch, unmodifiable
	 * @param entryIds the ids of its live-stream entries, {@link LiveEntries#MAX_EVENTS}
	 * events each
	 */
	IdentifiedEvents(List<TelemetryEvent> events, String[] entryIds) {
		this.events = events;
		this.entryIds = entryIds;
	}

	@Override
	public TelemetryEvent get(int index) {
		return this.events.get(index)
			.withId(EventId.text(this.entryIds[index / LiveEntries.MAX_EVENTS], index % LiveEntries.MAX_EVENTS));
	}

	@Override
	public int size() {
		return this.events.size();
	}

}
