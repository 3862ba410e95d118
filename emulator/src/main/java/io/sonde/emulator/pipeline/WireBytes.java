package io.sonde.emulator.pipeline;

/**
 * Big-endian field access on frame bytes, the way the P4 parser and deparser see header
 * fields. Callers have checked the bounds (the parser records only headers that fit).
 */
final class WireBytes {

	private WireBytes() {
	}

	static int u8(byte[] data, int offset) {
		return data[offset] & 0xFF;
	}

	static int u16(byte[] data, int offset) {
		return ((data[offset] & 0xFF) << 8) | (data[offset + 1] & 0xFF);
	}

	static long u32(byte[] data, int offset) {
		return ((long) u16(data, offset) << 16) | u16(data, offset + 2);
	}

	static long u48(byte[] data, int offset) {
		return ((long) u16(data, offset) << 32) | u32(data, offset + 2);
	}

	static void put8(byte[] data, int offset, int value) {
		data[offset] = (byte) value;
	}

	static void put16(byte[] data, int offset, int value) {
		data[offset] = (byte) (value >>> 8);
		data[offset + 1] = (byte) value;
	}

	static void put32(byte[] data, int offset, long value) {
		put16(data, offset, (int) (value >>> 16));
		put16(data, offset + 2, (int) value);
	}

	static void put48(byte[] data, int offset, long value) {
		put16(data, offset, (int) (value >>> 32));
		put32(data, offset + 2, value);
	}

	static void put64(byte[] data, int offset, long value) {
		put32(data, offset, value >>> 32);
		put32(data, offset + 4, value);
	}

}
