package io.sonde.ingest.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a version-2 entry's {@code events} field: an event's fields as
 * {@code name=value} pairs separated by single spaces (xdp-collector/REDIS_CONTRACT.md).
 * The entry's origin fields ({@code node}, {@code ifname}, {@code run}) are the entry's
 * alone: a line cannot change whose event it is.
 */
final class EventLine {

	private static final int MAX_FIELDS = 32;

	private final String text;

	private final String[] names;

	private final String[] values;

	private final int size;

	private final String malformed;

	private EventLine(String text, String[] names, String[] values, int size, String malformed) {
		this.text = text;
		this.names = names;
		this.values = values;
		this.size = size;
		this.malformed = malformed;
	}

	/**
	 * The lines of an {@code events} field; each ends with a newline, the last may not.
	 */
	static List<EventLine> split(String events) {
		List<EventLine> lines = new ArrayList<>();
		int start = 0;
		int length = events.length();
		while (start < length) {
			int end = events.indexOf('\n', start);
			if (end < 0) {
				end = length;
			}
			lines.add(parse(events.substring(start, end)));
			start = end + 1;
		}
		return lines;
	}

	private static EventLine parse(String text) {
		String[] names = new String[MAX_FIELDS];
		String[] values = new String[MAX_FIELDS];
		int size = 0;
		int start = 0;
		int length = text.length();
		while (start < length) {
			int end = text.indexOf(' ', start);
			if (end < 0) {
				end = length;
			}
			int equals = text.indexOf('=', start);
			if (equals <= start || equals >= end) {
				return malformed(text, "not a name=value pair: '" + text.substring(start, end) + "'");
			}
			if (size == MAX_FIELDS) {
				return malformed(text, "more than " + MAX_FIELDS + " fields");
			}
			names[size] = text.substring(start, equals);
			values[size] = text.substring(equals + 1, end);
			size++;
			start = end + 1;
		}
		if (size == 0) {
			return malformed(text, "an empty line");
		}
		return new EventLine(text, names, values, size, null);
	}

	private static EventLine malformed(String text, String why) {
		return new EventLine(text, null, null, 0, why);
	}

	/** The line as the collector wrote it, for the dead-letter stream. */
	String text() {
		return this.text;
	}

	/**
	 * A field of this event; null when absent. The origin fields are the entry's
	 * ({@link CollectorEntries.EntryOrigin}), never asked of a line.
	 */
	String field(String name) throws MalformedEntry {
		if (this.malformed != null) {
			throw new MalformedEntry(DeadLetterReason.BAD_LINE, "events", this.malformed);
		}
		for (int i = 0; i < this.size; i++) {
			if (this.names[i].equals(name)) {
				return this.values[i];
			}
		}
		return null;
	}

}
