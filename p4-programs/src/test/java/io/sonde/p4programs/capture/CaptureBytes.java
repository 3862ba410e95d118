package io.sonde.p4programs.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Builds capture files byte by byte, straight from the layouts of draft-ietf-opsawg-pcap
 * and draft-ietf-opsawg-pcapng, so that reader tests control every field, including wrong
 * ones.
 */
final class CaptureBytes {

	static final int SHB = 0x0A0D0D0A;

	static final int IDB = 1;

	static final int PB = 2;

	static final int SPB = 3;

	static final int NRB = 4;

	static final int ISB = 5;

	static final int EPB = 6;

	static final int CUSTOM_BLOCK = 0x00000BAD;

	private CaptureBytes() {
	}

	static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			out.writeBytes(part);
		}
		return out.toByteArray();
	}

	static byte[] pcapHeader(ByteOrder order, boolean nanoseconds, int snaplen, int linkTypeField) {
		return ByteBuffer.allocate(24)
			.order(order)
			.putInt(nanoseconds ? 0xa1b23c4d : 0xa1b2c3d4)
			.putShort((short) 2)
			.putShort((short) 4)
			.putInt(0)
			.putInt(0)
			.putInt(snaplen)
			.putInt(linkTypeField)
			.array();
	}

	static byte[] pcapRecord(ByteOrder order, long seconds, long fraction, int capturedLength, int originalLength,
			byte[] data) {
		return concat(ByteBuffer.allocate(16)
			.order(order)
			.putInt((int) seconds)
			.putInt((int) fraction)
			.putInt(capturedLength)
			.putInt(originalLength)
			.array(), data);
	}

	/** A block: type, total length, body padded to 32 bits, total length. */
	static byte[] block(ByteOrder order, int type, byte[] body) {
		int padded = (body.length + 3) & ~3;
		int total = 12 + padded;
		return ByteBuffer.allocate(total)
			.order(order)
			.putInt(type)
			.putInt(total)
			.put(body)
			.putInt(8 + padded, total)
			.array();
	}

	static byte[] sectionHeader(ByteOrder order) {
		return sectionHeader(order, 1);
	}

	static byte[] sectionHeader(ByteOrder order, int majorVersion) {
		byte[] body = ByteBuffer.allocate(16)
			.order(order)
			.putInt(0x1A2B3C4D)
			.putShort((short) majorVersion)
			.putShort((short) 0)
			.putLong(-1)
			.array();
		return block(order, SHB, body);
	}

	static byte[] option(ByteOrder order, int code, byte[] value) {
		int padded = (value.length + 3) & ~3;
		return ByteBuffer.allocate(4 + padded)
			.order(order)
			.putShort((short) code)
			.putShort((short) value.length)
			.put(value)
			.array();
	}

	static byte[] endOfOptions() {
		return new byte[4];
	}

	static byte[] interfaceDescription(ByteOrder order, int linkType, int snaplen, byte[]... options) {
		byte[] fixed = ByteBuffer.allocate(8)
			.order(order)
			.putShort((short) linkType)
			.putShort((short) 0)
			.putInt(snaplen)
			.array();
		return block(order, IDB, concat(fixed, concat(options)));
	}

	static byte[] tsresol(ByteOrder order, int value) {
		return option(order, 9, new byte[] { (byte) value });
	}

	static byte[] tsoffset(ByteOrder order, long seconds) {
		return option(order, 14, ByteBuffer.allocate(8).order(order).putLong(seconds).array());
	}

	static byte[] enhancedPacket(ByteOrder order, int interfaceId, long units, byte[] data, int originalLength) {
		byte[] fixed = ByteBuffer.allocate(20)
			.order(order)
			.putInt(interfaceId)
			.putInt((int) (units >>> 32))
			.putInt((int) units)
			.putInt(data.length)
			.putInt(originalLength)
			.array();
		return block(order, EPB, concat(fixed, padded(data)));
	}

	static byte[] obsoletePacket(ByteOrder order, int interfaceId, long units, byte[] data, int originalLength) {
		byte[] fixed = ByteBuffer.allocate(20)
			.order(order)
			.putShort((short) interfaceId)
			.putShort((short) 0)
			.putInt((int) (units >>> 32))
			.putInt((int) units)
			.putInt(data.length)
			.putInt(originalLength)
			.array();
		return block(order, PB, concat(fixed, padded(data)));
	}

	static byte[] simplePacket(ByteOrder order, int originalLength, byte[] data) {
		byte[] fixed = ByteBuffer.allocate(4).order(order).putInt(originalLength).array();
		return block(order, SPB, concat(fixed, padded(data)));
	}

	/** Overwrites the 32-bit word at {@code at} of a copy of {@code bytes}. */
	static byte[] withWord(byte[] bytes, int at, ByteOrder order, int value) {
		byte[] copy = bytes.clone();
		ByteBuffer.wrap(copy).order(order).putInt(at, value);
		return copy;
	}

	static byte[] frameBytes(int length, int seed) {
		byte[] data = new byte[length];
		for (int i = 0; i < length; i++) {
			data[i] = (byte) (seed + i * 7);
		}
		return data;
	}

	private static byte[] padded(byte[] data) {
		byte[] padded = new byte[(data.length + 3) & ~3];
		System.arraycopy(data, 0, padded, 0, data.length);
		return padded;
	}

}
