package io.sonde.events.internal;

import io.sonde.events.EventQueryRejected;

/**
 * An event's id: the live-stream entry that holds it and its place in that entry
 * ({@code 1700000000000-3:17}), ordered as the stream is. An id without a place (the
 * entry id alone, as ids were while an entry held one event) stands for the entry's last
 * event, so a client resuming from one misses nothing and sees nothing twice.
 */
record EventId(StreamId entry, int index) implements Comparable<EventId> {

	private static final int WHOLE_ENTRY = Integer.MAX_VALUE;

	/** The text of the id of event {@code index} of entry {@code entryId}. */
	static String text(String entryId, int index) {
		return entryId + ":" + index;
	}

	static EventId parse(String field, String text) {
		int colon = text.indexOf(':');
		if (colon < 0) {
			return new EventId(StreamId.parse(field, text), WHOLE_ENTRY);
		}
		try {
			int index = Integer.parseInt(text.substring(colon + 1));
			if (index < 0) {
				throw new NumberFormatException();
			}
			return new EventId(StreamId.parse(field, text.substring(0, colon)), index);
		}
		catch (NumberFormatException ex) {
			throw new EventQueryRejected(field, "not an event id (millis-sequence:index): " + text);
		}
	}

	/** True when this id names the entry's last event, whatever it is. */
	boolean wholeEntry() {
		return this.index == WHOLE_ENTRY;
	}

	@Override
	public int compareTo(EventId other) {
		int byEntry = this.entry.compareTo(other.entry);
		return (byEntry != 0) ? byEntry : Integer.compare(this.index, other.index);
	}

	@Override
	public String toString() {
		return wholeEntry() ? this.entry.toString() : text(this.entry.toString(), this.index);
	}

}
