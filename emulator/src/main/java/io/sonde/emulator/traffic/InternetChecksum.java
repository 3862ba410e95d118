package io.sonde.emulator.traffic;

/**
 * The Internet checksum (RFC 1071): the 16-bit ones' complement of the ones' complement
 * sum of 16-bit big-endian words. Sums are kept unfolded in a long so partial sums can be
 * added; {@link #finish(long)} folds and complements.
 */
public final class InternetChecksum {

	private InternetChecksum() {
	}

	/**
	 * Adds {@code length} bytes at {@code offset} as big-endian 16-bit words to
	 * {@code sum}; an odd last byte is the high byte of a word padded with zero (RFC 1071
	 * §4.1).
	 */
	public static long add(long sum, byte[] bytes, int offset, int length) {
		int end = offset + length;
		int i = offset;
		for (; i + 1 < end; i += 2) {
			sum += ((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff);
		}
		if (i < end) {
			sum += (bytes[i] & 0xff) << 8;
		}
		return sum;
	}

	/** Adds a 32-bit value as two words. */
	public static long addInt(long sum, int value) {
		return sum + (value >>> 16) + (value & 0xffff);
	}

	/** Folds the carries and complements: the value to put in a checksum field. */
	public static int finish(long sum) {
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xffff) + (sum >>> 16);
		}
		return (int) (~sum & 0xffff);
	}

	/** The checksum of a byte range. */
	public static int of(byte[] bytes, int offset, int length) {
		return finish(add(0, bytes, offset, length));
	}

}
