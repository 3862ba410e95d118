package io.sonde.ingest.udp;

import java.net.Inet4Address;
import java.net.InetAddress;

/**
 * Puts a received UDP payload back into the Ethernet / IPv4 / UDP frame it travelled in,
 * so the Java collector detects through exactly the path the parity tests cover
 * ({@link io.sonde.ingest.IntCollectorDetector#detectFrame}) instead of a second decoding
 * path that could drift from the XDP program's.
 */
final class ReportFrames {

	private static final int ETHERNET = 14;

	private static final int IPV4 = 20;

	private static final int UDP = 8;

	/** The largest payload an IPv4 datagram can carry. */
	static final int MAX_PAYLOAD = 0xFFFF - IPV4 - UDP;

	private ReportFrames() {
	}

	/**
	 * The frame of a datagram.
	 * @param payload the UDP payload
	 * @param length its bytes
	 * @param sender where it came from (its IPv4 address is kept; others become 0.0.0.0)
	 * @param senderPort the sender's port
	 * @param reportPort the destination port, the detector's report port
	 */
	static byte[] frame(byte[] payload, int length, InetAddress sender, int senderPort, int reportPort) {
		if (length > MAX_PAYLOAD) {
			throw new IllegalArgumentException("payload too long for IPv4: " + length);
		}
		byte[] frame = new byte[ETHERNET + IPV4 + UDP + length];
		// EtherType IPv4; the MAC addresses stay zero (the detector does not read them).
		frame[12] = 0x08;
		int ip = ETHERNET;
		frame[ip] = 0x45;
		putShort(frame, ip + 2, IPV4 + UDP + length);
		frame[ip + 8] = 64;
		frame[ip + 9] = 17;
		byte[] source = (sender instanceof Inet4Address) ? sender.getAddress() : new byte[4];
		System.arraycopy(source, 0, frame, ip + 12, 4);
		// Destination 127.0.0.1: the collector's own side of the socket.
		frame[ip + 16] = 127;
		frame[ip + 19] = 1;
		putShort(frame, ip + 10, checksum(frame, ip, IPV4));
		int udp = ip + IPV4;
		putShort(frame, udp, senderPort);
		putShort(frame, udp + 2, reportPort);
		putShort(frame, udp + 4, UDP + length);
		System.arraycopy(payload, 0, frame, udp + UDP, length);
		return frame;
	}

	private static void putShort(byte[] data, int at, int value) {
		data[at] = (byte) (value >>> 8);
		data[at + 1] = (byte) value;
	}

	private static int checksum(byte[] data, int offset, int length) {
		int sum = 0;
		for (int i = 0; i < length; i += 2) {
			sum += ((data[offset + i] & 0xFF) << 8) | (data[offset + i + 1] & 0xFF);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return ~sum & 0xFFFF;
	}

}
