package io.sonde.ingest.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a version-2 entry's {@code events} field: an event's fields as
 * {@code name=value} pairs separated by single spaces (xdp-collector/REDIS_CONTRACT.md).
 * The entry's origin fields ({@code node}, {@code ifname}, {@code run}) are the entry's
 * alone: a line cannot change whose event it is.
 * <p>
 * A line is offsets into the entry's text, not strings: names are compared in place and
 * numbers parsed in place, so only the text values an event keeps become strings (the
 * ingest's hot path: a batch is thousands of lines of fifteen fields).
 */
final class EventLine implements CollectorEntries.Fields {

	private static final int MAX_FIELDS = 32;

	private final String text;

	private final int start;

	private final int end;

	/** Per field: where its name starts, where its '=' is, where its value ends. */
	private final int[] names;

	private final int[] equals;

	private final int[] ends;

	private final int size;

	private final String malformed;

	/** Where the last field found was: fields are mostly asked for in written order. */
	private int cursor;

	private EventLine(String text, int start, int end, int[] names, int[] equals, int[] ends, int size,
			String malformed) {
		this.text = text;
		this.start = start;
		this.end = end;
		this.names = names;
		this.equals = equals;
		this.ends = ends;
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
			lines.add(parse(events, start, end));
			start = end + 1;
		}
		return lines;
	}

	private static EventLine parse(String text, int lineStart, int lineEnd) {
		int[] names = new int[MAX_FIELDS];
		int[] equals = new int[MAX_FIELDS];
		int[] ends = new int[MAX_FIELDS];
		int size = 0;
		int start = lineStart;
		while (start < lineEnd) {
			int end = text.indexOf(' ', start);
			if (end < 0 || end > lineEnd) {
				end = lineEnd;
			}
			int at = text.indexOf('=', start);
			if (at <= start || at >= end) {
				return malformed(text, lineStart, lineEnd,
						"not a name=value pair: '" + text.substring(start, end) + "'");
			}
			if (size == MAX_FIELDS) {
				return malformed(text, lineStart, lineEnd, "more than " + MAX_FIELDS + " fields");
			}
			names[size] = start;
			equals[size] = at;
			ends[size] = end;
			size++;
			start = end + 1;
		}
		if (size == 0) {
			return malformed(text, lineStart, lineEnd, "an empty line");
		}
		return new EventLine(text, lineStart, lineEnd, names, equals, ends, size, null);
	}

	private static EventLine malformed(String text, int start, int end, String why) {
		return new EventLine(text, start, end, null, null, null, 0, why);
	}

	/** The line as the collector wrote it, for the dead-letter stream. */
	String text() {
		return this.text.substring(this.start, this.end);
	}

	/**
	 * A field of this event; null when absent. The origin fields are the entry's
	 * ({@link CollectorEntries.EntryOrigin}), never asked of a line.
	 */
	@Override
	public String get(String name) throws MalformedEntry {
		int field = find(name);
		return (field >= 0) ? this.text.substring(this.equals[field] + 1, this.ends[field]) : null;
	}

	/** An unsigned decimal, parsed where it stands. */
	@Override
	public long unsigned(String name) throws MalformedEntry {
		int field = find(name);
		if (field < 0) {
			throw CollectorEntries.missing(name);
		}
		return unsignedAt(name, field);
	}

	@Override
	public Long optionalUnsigned(String name) throws MalformedEntry {
		int field = find(name);
		return (field >= 0) ? unsignedAt(name, field) : null;
	}

	private long unsignedAt(String name, int field) throws MalformedEntry {
		return CollectorEntries.parseUnsigned(name, this.text, this.equals[field] + 1, this.ends[field]);
	}

	private int find(String name) throws MalformedEntry {
		if (this.malformed != null) {
			throw new MalformedEntry(DeadLetterReason.BAD_LINE, "events", this.malformed);
		}
		for (int n = 0; n < this.size; n++) {
			int field = (this.cursor + n) % this.size;
			int nameStart = this.names[field];
			if (this.equals[field] - nameStart == name.length()
					&& this.text.regionMatches(nameStart, name, 0, name.length())) {
				this.cursor = field + 1;
				return field;
			}
		}
		return -1;
	}

}
