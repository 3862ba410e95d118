package io.sonde.emulator.state;

/** The inclusive bounds of one range field of an entry, as key words. */
final class RangeMatch {

	private final int offset;

	private final int words;

	private final long[] low;

	private final long[] high;

	RangeMatch(int offset, int words, long[] low, long[] high) {
		this.offset = offset;
		this.words = words;
		this.low = low;
		this.high = high;
	}

	boolean contains(long[] key) {
		return Words.compare(key, this.offset, this.low, 0, this.words) >= 0
				&& Words.compare(key, this.offset, this.high, 0, this.words) <= 0;
	}

}
