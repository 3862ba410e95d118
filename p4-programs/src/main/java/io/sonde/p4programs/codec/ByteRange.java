package io.sonde.p4programs.codec;

/**
 * Bytes of a report kept as they are (domain-specific extension data, TLV data), as a
 * range of the decoded array.
 *
 * @param offset first byte
 * @param length number of bytes
 */
public record ByteRange(int offset, int length) {

	public ByteRange {
		if (offset < 0 || length < 0) {
			throw new IllegalArgumentException("negative byte range: " + offset + "+" + length);
		}
	}

}
