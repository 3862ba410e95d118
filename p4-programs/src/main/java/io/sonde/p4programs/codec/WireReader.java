package io.sonde.p4programs.codec;

import java.util.Objects;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * A cursor over a window of a byte array that checks every read against the window's end,
 * so a decoder can never read outside the bytes it was given. Errors name the header
 * being read and its offset from the window's start.
 */
final class WireReader {

	private final byte[] data;

	private final int start;

	private final int end;

	private int position;

	private String header = "telemetry";

	private int headerOffset;

	WireReader(byte[] data, int offset, int length) {
		Objects.checkFromIndexSize(offset, length, data.length);
		this.data = data;
		this.start = offset;
		this.end = offset + length;
		this.position = offset;
	}

	/** Starts reading the named header at the current position (for error messages). */
	void begin(String headerName) {
		this.header = headerName;
		this.headerOffset = this.position - this.start;
	}

	/** The absolute index of the next byte. */
	int position() {
		return this.position;
	}

	/** The next byte's offset from the window's start. */
	int relativePosition() {
		return this.position - this.start;
	}

	int remaining() {
		return this.end - this.position;
	}

	/** Fails with TRUNCATED unless {@code count} more bytes are in the window. */
	void require(int count, String what) throws MalformedTelemetry {
		if (count > remaining()) {
			throw error(Reason.TRUNCATED, what + " needs " + count + " bytes, " + remaining() + " remain");
		}
	}

	/** An error about the header being read. */
	MalformedTelemetry error(Reason reason, String detail) {
		return new MalformedTelemetry(reason, this.header, this.headerOffset, detail);
	}

	int peekU8(int ahead) throws MalformedTelemetry {
		require(ahead + 1, "a field");
		return this.data[this.position + ahead] & 0xFF;
	}

	int u8() throws MalformedTelemetry {
		require(1, "a field");
		return this.data[this.position++] & 0xFF;
	}

	int u16() throws MalformedTelemetry {
		return (int) unsigned(2);
	}

	long u32() throws MalformedTelemetry {
		return unsigned(4);
	}

	/** Reads {@code count} (at most 8) bytes as one big-endian value. */
	long unsigned(int count) throws MalformedTelemetry {
		require(count, "a " + count + "-byte field");
		long value = 0;
		for (int i = 0; i < count; i++) {
			value = (value << 8) | (this.data[this.position++] & 0xFF);
		}
		return value;
	}

	void skip(int count) throws MalformedTelemetry {
		require(count, "skipped bytes");
		this.position += count;
	}

	/**
	 * Moves to an absolute index already known to lie between here and the window's end.
	 */
	void seek(int index) {
		if (index < this.position || index > this.end) {
			throw new IllegalStateException("seek outside the unread window: " + index);
		}
		this.position = index;
	}

}
