package io.sonde.events.internal;

import io.sonde.events.EventQueryRejected;

/** A Redis stream id ({@code millis-sequence}), ordered as Redis orders them. */
record StreamId(long millis, long sequence) implements Comparable<StreamId> {

	static StreamId parse(String field, String text) {
		int dash = text.indexOf('-');
		try {
			if (dash < 0) {
				return new StreamId(Long.parseUnsignedLong(text), 0);
			}
			return new StreamId(Long.parseUnsignedLong(text.substring(0, dash)),
					Long.parseUnsignedLong(text.substring(dash + 1)));
		}
		catch (NumberFormatException ex) {
			throw new EventQueryRejected(field, "not a stream id (millis-sequence): " + text);
		}
	}

	@Override
	public int compareTo(StreamId other) {
		int byMillis = Long.compareUnsigned(this.millis, other.millis);
		return (byMillis != 0) ? byMillis : Long.compareUnsigned(this.sequence, other.sequence);
	}

	@Override
	public String toString() {
		return Long.toUnsignedString(this.millis) + "-" + Long.toUnsignedString(this.sequence);
	}

}
