package io.sonde.p4programs.packet;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Builds test frames header by header from the RFC layouts, with setters for the fields
 * the tests get wrong on purpose.
 */
final class Packets {

	static final byte[] MACS = { 2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1 };

	private Packets() {
	}

	static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			out.writeBytes(part);
		}
		return out.toByteArray();
	}

	/** Ethernet header, the tags, the EtherType and the payload, without padding. */
	static byte[] ethernet(int etherType, byte[] payload, VlanTag... tags) {
		ByteBuffer header = ByteBuffer.allocate(12 + 4 * tags.length + 2).put(MACS);
		for (VlanTag tag : tags) {
			header.putShort((short) tag.tpid());
			header.putShort((short) ((tag.pcp() << 13) | (tag.dei() << 12) | tag.vid()));
		}
		header.putShort((short) etherType);
		return concat(header.array(), payload);
	}

	/** Pads a frame with zeros, as Ethernet pads anything shorter than 60 bytes. */
	static byte[] padTo(byte[] frame, int length) {
		return (frame.length >= length) ? frame : Arrays.copyOf(frame, length);
	}

	static byte[] address(String literal) {
		try {
			return InetAddress.getByName(literal).getAddress();
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException(literal, ex);
		}
	}

	static byte[] udp(int srcPort, int dstPort, byte[] data) {
		return udpWithLength(srcPort, dstPort, 8 + data.length, data);
	}

	static byte[] udpWithLength(int srcPort, int dstPort, int length, byte[] data) {
		return concat(ByteBuffer.allocate(8)
			.putShort((short) srcPort)
			.putShort((short) dstPort)
			.putShort((short) length)
			.putShort((short) 0)
			.array(), data);
	}

	static byte[] tcp(int srcPort, int dstPort, byte[] options, byte[] data) {
		return tcpWithDataOffset(srcPort, dstPort, 5 + options.length / 4, options, data);
	}

	static byte[] tcpWithDataOffset(int srcPort, int dstPort, int dataOffset, byte[] options, byte[] data) {
		ByteBuffer header = ByteBuffer.allocate(20)
			.putShort((short) srcPort)
			.putShort((short) dstPort)
			.putInt(1)
			.putInt(0)
			.put((byte) (dataOffset << 4))
			.put((byte) 0x18)
			.putShort((short) 65535)
			.putInt(0);
		return concat(header.array(), options, data);
	}

	/** A hop-by-hop, routing or destination options header of (units + 1) × 8 bytes. */
	static byte[] extensionHeader(int next, int units) {
		byte[] header = new byte[(units + 1) * 8];
		header[0] = (byte) next;
		header[1] = (byte) units;
		// PadN filling the rest: type 1, length.
		header[2] = 1;
		header[3] = (byte) (header.length - 4);
		return header;
	}

	/** An authentication header of (words + 2) × 4 bytes (RFC 4302 Section 2.2). */
	static byte[] authenticationHeader(int next, int words) {
		byte[] header = new byte[(words + 2) * 4];
		header[0] = (byte) next;
		header[1] = (byte) words;
		header[7] = 1; // sequence number
		return header;
	}

	static byte[] fragmentHeader(int next, int offsetUnits, boolean more) {
		return ByteBuffer.allocate(8)
			.put((byte) next)
			.put((byte) 0)
			.putShort((short) ((offsetUnits << 3) | (more ? 1 : 0)))
			.putInt(0x0BADCAFE)
			.array();
	}

	static Ipv4 ipv4() {
		return new Ipv4();
	}

	static Ipv6 ipv6() {
		return new Ipv6();
	}

	/**
	 * An IPv4 header (RFC 791 Section 3.1); the checksum stays 0, nothing verifies it.
	 */
	static final class Ipv4 {

		int version = 4;

		int tos;

		int ttl = 64;

		int protocol = 17;

		int flagsAndOffset;

		byte[] options = new byte[0];

		Integer headerWords;

		Integer totalLength;

		String src = "192.0.2.1";

		String dst = "192.0.2.2";

		/** Addresses as bytes, taking precedence over the literals when set. */
		byte[] srcBytes;

		byte[] dstBytes;

		byte[] wrap(byte[] payload) {
			int words = (this.headerWords != null) ? this.headerWords : 5 + this.options.length / 4;
			int length = (this.totalLength != null) ? this.totalLength : 20 + this.options.length + payload.length;
			ByteBuffer header = ByteBuffer.allocate(20)
				.put((byte) ((this.version << 4) | words))
				.put((byte) this.tos)
				.putShort((short) length)
				.putShort((short) 1)
				.putShort((short) this.flagsAndOffset)
				.put((byte) this.ttl)
				.put((byte) this.protocol)
				.putShort((short) 0)
				.put((this.srcBytes != null) ? this.srcBytes : address(this.src))
				.put((this.dstBytes != null) ? this.dstBytes : address(this.dst));
			return concat(header.array(), this.options, payload);
		}

	}

	/** An IPv6 header (RFC 8200 Section 3); extension headers go in the payload. */
	static final class Ipv6 {

		int version = 6;

		int trafficClass;

		int hopLimit = 64;

		int next = 17;

		Integer payloadLength;

		String src = "2001:db8::1";

		String dst = "2001:db8::2";

		/** Addresses as bytes, taking precedence over the literals when set. */
		byte[] srcBytes;

		byte[] dstBytes;

		byte[] wrap(byte[] payload) {
			int length = (this.payloadLength != null) ? this.payloadLength : payload.length;
			ByteBuffer header = ByteBuffer.allocate(40)
				.putInt((this.version << 28) | (this.trafficClass << 20) | 0xABCDE)
				.putShort((short) length)
				.put((byte) this.next)
				.put((byte) this.hopLimit)
				.put((this.srcBytes != null) ? this.srcBytes : address(this.src))
				.put((this.dstBytes != null) ? this.dstBytes : address(this.dst));
			return concat(header.array(), payload);
		}

	}

}
