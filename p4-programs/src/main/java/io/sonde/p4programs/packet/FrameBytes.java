package io.sonde.p4programs.packet;

import io.sonde.p4programs.packet.MalformedFrame.Reason;

/**
 * The bytes of one frame inside a larger array. Every header parser calls
 * {@link #require} before it reads, so a short frame becomes a {@link MalformedFrame}
 * instead of an out-of-bounds read; all multi-byte fields are in network byte order.
 */
final class FrameBytes {

	private final byte[] data;

	private final int start;

	private final int end;

	FrameBytes(byte[] data, int start, int end) {
		this.data = data;
		this.start = start;
		this.end = end;
	}

	byte[] data() {
		return this.data;
	}

	int start() {
		return this.start;
	}

	/** Index just past the last captured byte. */
	int end() {
		return this.end;
	}

	/** Fails unless {@code count} bytes from {@code at} are present. */
	void require(int at, int count, String what) throws MalformedFrame {
		if (count > this.end - at) {
			throw new MalformedFrame(Reason.TRUNCATED, at,
					what + " needs " + count + " bytes, the frame has " + Math.max(0, this.end - at) + " left");
		}
	}

	int u8(int at) {
		return Byte.toUnsignedInt(this.data[at]);
	}

	int u16(int at) {
		return (u8(at) << 8) | u8(at + 1);
	}

	long u32(int at) {
		return ((long) u16(at) << 16) | u16(at + 2);
	}

}
