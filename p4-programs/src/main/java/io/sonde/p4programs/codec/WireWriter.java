package io.sonde.p4programs.codec;

import java.util.Arrays;

/**
 * A cursor that writes big-endian fields into an array and refuses to run past its end.
 */
final class WireWriter {

	private final byte[] target;

	private int position;

	WireWriter(byte[] target, int offset) {
		this.target = target;
		this.position = offset;
		if (offset < 0 || offset > target.length) {
			throw new IllegalArgumentException("offset " + offset + " outside an array of " + target.length);
		}
	}

	int position() {
		return this.position;
	}

	void u8(int value) {
		unsigned(value, 1);
	}

	void u16(int value) {
		unsigned(value, 2);
	}

	void u32(long value) {
		unsigned(value, 4);
	}

	/** Writes the low {@code count} bytes of {@code value}, most significant first. */
	void unsigned(long value, int count) {
		ensure(count);
		for (int i = count - 1; i >= 0; i--) {
			this.target[this.position++] = (byte) (value >>> (8 * i));
		}
	}

	/** Copies a range of another array. */
	void bytes(byte[] source, int offset, int length) {
		if (offset < 0 || length < 0 || offset > source.length - length) {
			throw new IllegalArgumentException(
					"range " + offset + "+" + length + " outside a content array of " + source.length + " bytes");
		}
		ensure(length);
		System.arraycopy(source, offset, this.target, this.position, length);
		this.position += length;
	}

	/** Writes zero bytes. */
	void zeros(int count) {
		ensure(count);
		this.position += count;
		Arrays.fill(this.target, this.position - count, this.position, (byte) 0);
	}

	private void ensure(int count) {
		if (count > this.target.length - this.position) {
			throw new IllegalArgumentException("target array too short: " + count + " more bytes at " + this.position
					+ " of " + this.target.length);
		}
	}

}
