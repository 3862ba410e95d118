package io.sonde.emulator.pipeline;

import java.nio.ByteBuffer;

/**
 * Frames for tests: Ethernet (optionally 802.1Q) / IPv4 or IPv6 / UDP or TCP / payload,
 * with valid IPv4, UDP and TCP checksums, built field by field from RFC 791, 768, 793 and
 * 8200 layouts.
 */
final class TestFrames {

	static final long HOST_A_MAC = 0x02_00_00_00_00_0AL;

	static final long SWITCH_MAC = 0x02_00_00_00_00_01L;

	private int ipVersion = 4;

	private int protocol = IntWire.IP_PROTO_UDP;

	private int src = address(10, 0, 0, 1);

	private int dst = address(10, 0, 1, 2);

	private int srcPort = 5000;

	private int dstPort = 6000;

	private int dscp;

	private int ttl = 64;

	private int payloadBytes = 32;

	private int vlan = -1;

	private int ihl = 5;

	private int fragmentOffset;

	static TestFrames udp() {
		return new TestFrames();
	}

	static TestFrames tcp() {
		TestFrames frames = new TestFrames();
		frames.protocol = IntWire.IP_PROTO_TCP;
		return frames;
	}

	static int address(int a, int b, int c, int d) {
		return (a << 24) | (b << 16) | (c << 8) | d;
	}

	TestFrames ipv6() {
		this.ipVersion = 6;
		return this;
	}

	TestFrames src(int address) {
		this.src = address;
		return this;
	}

	TestFrames dst(int address) {
		this.dst = address;
		return this;
	}

	TestFrames ports(int source, int destination) {
		this.srcPort = source;
		this.dstPort = destination;
		return this;
	}

	TestFrames dscp(int value) {
		this.dscp = value;
		return this;
	}

	TestFrames ttl(int value) {
		this.ttl = value;
		return this;
	}

	TestFrames payload(int bytes) {
		this.payloadBytes = bytes;
		return this;
	}

	TestFrames vlan(int id) {
		this.vlan = id;
		return this;
	}

	/** IPv4 with 4 bytes of options (IHL 6). */
	TestFrames ipv4Options() {
		this.ihl = 6;
		return this;
	}

	TestFrames fragmentOffset(int eightByteUnits) {
		this.fragmentOffset = eightByteUnits;
		return this;
	}

	byte[] build() {
		int l4Header = (this.protocol == IntWire.IP_PROTO_TCP) ? 20 : 8;
		int l4Bytes = l4Header + this.payloadBytes;
		int ipHeader = (this.ipVersion == 4) ? this.ihl * 4 : 40;
		int l2 = (this.vlan >= 0) ? 18 : 14;
		ByteBuffer frame = ByteBuffer.allocate(l2 + ipHeader + l4Bytes);
		frame.put(mac(SWITCH_MAC)).put(mac(HOST_A_MAC));
		if (this.vlan >= 0) {
			frame.putShort((short) 0x8100).putShort((short) this.vlan);
		}
		frame.putShort((short) ((this.ipVersion == 4) ? 0x0800 : 0x86DD));
		int ip = frame.position();
		if (this.ipVersion == 4) {
			frame.put((byte) (0x40 | this.ihl)).put((byte) (this.dscp << 2)).putShort((short) (ipHeader + l4Bytes));
			frame.putShort((short) 0x1234).putShort((short) this.fragmentOffset);
			frame.put((byte) this.ttl).put((byte) this.protocol).putShort((short) 0);
			frame.putInt(this.src).putInt(this.dst);
			for (int i = 20; i < ipHeader; i++) {
				frame.put((byte) 1);
			}
		}
		else {
			frame.putInt((6 << 28) | (this.dscp << 22) | 0x12345);
			frame.putShort((short) l4Bytes).put((byte) this.protocol).put((byte) this.ttl);
			frame.putLong(0x2001_0db8_0000_0000L).putLong(this.src & 0xFFFF_FFFFL);
			frame.putLong(0x2001_0db8_0000_0001L).putLong(this.dst & 0xFFFF_FFFFL);
		}
		int l4 = frame.position();
		frame.putShort((short) this.srcPort).putShort((short) this.dstPort);
		if (this.protocol == IntWire.IP_PROTO_TCP) {
			frame.putInt(1000).putInt(0).put((byte) 0x50).put((byte) 0x18).putShort((short) 512);
			frame.putShort((short) 0).putShort((short) 0);
		}
		else {
			frame.putShort((short) l4Bytes).putShort((short) 0);
		}
		for (int i = 0; i < this.payloadBytes; i++) {
			frame.put((byte) (i * 7 + 3));
		}
		byte[] bytes = frame.array();
		if (this.ipVersion == 4) {
			WireBytes.put16(bytes, ip + 10, Ipv4Checksum.compute(bytes, ip));
			if (this.ihl == 5) {
				int checksumAt = l4 + ((this.protocol == IntWire.IP_PROTO_TCP) ? 16 : 6);
				WireBytes.put16(bytes, checksumAt, transportChecksum(bytes, ip, l4, l4Bytes));
			}
		}
		return bytes;
	}

	/**
	 * The TCP/UDP checksum over the IPv4 pseudo header and the segment (RFC 768, 793).
	 */
	static int transportChecksum(byte[] frame, int ip, int l4, int l4Bytes) {
		long sum = WireBytes.u16(frame, ip + 12) + WireBytes.u16(frame, ip + 14) + WireBytes.u16(frame, ip + 16)
				+ WireBytes.u16(frame, ip + 18) + WireBytes.u8(frame, ip + 9) + l4Bytes;
		for (int i = 0; i < l4Bytes; i += 2) {
			int high = WireBytes.u8(frame, l4 + i) << 8;
			int low = (i + 1 < l4Bytes) ? WireBytes.u8(frame, l4 + i + 1) : 0;
			sum += high | low;
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		int checksum = (int) (~sum & 0xFFFF);
		return (checksum == 0) ? 0xFFFF : checksum;
	}

	private static byte[] mac(long mac) {
		byte[] bytes = new byte[6];
		for (int i = 0; i < 6; i++) {
			bytes[i] = (byte) (mac >>> (40 - 8 * i));
		}
		return bytes;
	}

}
