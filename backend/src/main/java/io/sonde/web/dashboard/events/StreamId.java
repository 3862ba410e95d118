package io.sonde.web.dashboard.events;

/**
 * A Redis stream id ({@code 1700000000000-3}) as the live feed orders events: by
 * milliseconds, then by sequence. Anything else is no id.
 */
record StreamId(long millis, long sequence) implements Comparable<StreamId> {

	/** Null when {@code text} is not a stream id (a browser's stale or forged header). */
	static StreamId parse(String text) {
		if (text == null) {
			return null;
		}
		int dash = text.indexOf('-');
		try {
			if (dash < 0) {
				return new StreamId(Long.parseLong(text.trim()), 0);
			}
			return new StreamId(Long.parseLong(text.substring(0, dash)), Long.parseLong(text.substring(dash + 1)));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	@Override
	public int compareTo(StreamId other) {
		int byMillis = Long.compare(this.millis, other.millis);
		return (byMillis != 0) ? byMillis : Long.compare(this.sequence, other.sequence);
	}

	@Override
	public String toString() {
		return this.millis + "-" + this.sequence;
	}

}
