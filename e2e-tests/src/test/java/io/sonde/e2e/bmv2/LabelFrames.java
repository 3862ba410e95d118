package io.sonde.e2e.bmv2;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Frames of the INT-label BMv2 test, written byte by byte: Ethernet / IPv4 (no options,
 * TTL 64) / UDP with a payload that names the packet, and what three hops of L3
 * forwarding make of one (each hop sets the source MAC to the destination it received and
 * the destination to its route's next hop, and takes one off the TTL).
 */
final class LabelFrames {

	static final int ETHERNET_BYTES = 14;

	static final int IPV4_BYTES = 20;

	static final int UDP_BYTES = 8;

	static final int PROTOCOL_UDP = 17;

	private static final int TTL = 64;

	private LabelFrames() {
	}

	/** A UDP datagram from {@code src} to {@code dst} with {@code payloadBytes} bytes. */
	static byte[] udp(long dstMac, long srcMac, int src, int dst, int srcPort, int dstPort, int identification,
			int payloadBytes) {
		int ipLength = IPV4_BYTES + UDP_BYTES + payloadBytes;
		ByteBuffer frame = ByteBuffer.allocate(ETHERNET_BYTES + ipLength);
		mac(frame, dstMac);
		mac(frame, srcMac);
		frame.putShort((short) 0x0800);
		frame.put((byte) 0x45).put((byte) 0).putShort((short) ipLength).putShort((short) identification);
		frame.putShort((short) 0).put((byte) TTL).put((byte) PROTOCOL_UDP).putShort((short) 0);
		frame.putInt(src).putInt(dst);
		frame.putShort((short) srcPort).putShort((short) dstPort).putShort((short) (UDP_BYTES + payloadBytes));
		frame.putShort((short) 0);
		for (int i = 0; i < payloadBytes; i++) {
			frame.put((byte) (identification + i));
		}
		byte[] bytes = frame.array();
		checksum(bytes);
		return bytes;
	}

	/**
	 * {@code frame} with {@code items} 32-byte items behind an INT OPTION that counts
	 * {@code count} of them, written without the codec: how a packet with more items than
	 * a switch can parse looks.
	 */
	static byte[] withRawItems(byte[] frame, int count, int items) {
		int ip = ETHERNET_BYTES;
		int added = 2 + 32 * items;
		byte[] out = new byte[frame.length + added];
		System.arraycopy(frame, 0, out, 0, ip + IPV4_BYTES);
		out[ip + IPV4_BYTES] = frame[ip + 9];
		out[ip + IPV4_BYTES + 1] = (byte) count;
		for (int i = 0; i < 32 * items; i++) {
			out[ip + IPV4_BYTES + 2 + i] = (byte) (0xA0 + i);
		}
		System.arraycopy(frame, ip + IPV4_BYTES, out, ip + IPV4_BYTES + added, frame.length - ip - IPV4_BYTES);
		out[ip + 9] = (byte) 254;
		int length = ((frame[ip + 2] & 0xFF) << 8 | (frame[ip + 3] & 0xFF)) + added;
		out[ip + 2] = (byte) (length >> 8);
		out[ip + 3] = (byte) length;
		checksum(out);
		return out;
	}

	/**
	 * {@code sent} as it leaves the third hop: source MAC {@code lastHopMac}, destination
	 * {@code hostMac}, TTL three less, the header checksum recomputed; every other byte
	 * as sent.
	 */
	static byte[] afterThreeHops(byte[] sent, long lastHopMac, long hostMac) {
		byte[] out = Arrays.copyOf(sent, sent.length);
		ByteBuffer frame = ByteBuffer.wrap(out);
		mac(frame, hostMac);
		mac(frame, lastHopMac);
		out[ETHERNET_BYTES + 8] = (byte) ((out[ETHERNET_BYTES + 8] & 0xFF) - 3);
		checksum(out);
		return out;
	}

	/** The IPv4 protocol number. */
	static int protocol(byte[] frame) {
		return frame[ETHERNET_BYTES + 9] & 0xFF;
	}

	/** The IPv4 identification, which names each packet of the test. */
	static int identification(byte[] frame) {
		return (frame[ETHERNET_BYTES + 4] & 0xFF) << 8 | (frame[ETHERNET_BYTES + 5] & 0xFF);
	}

	private static void mac(ByteBuffer frame, long mac) {
		for (int i = 5; i >= 0; i--) {
			frame.put((byte) (mac >>> (8 * i)));
		}
	}

	// RFC 791's header checksum over the 20 option-less bytes.
	private static void checksum(byte[] frame) {
		int ip = ETHERNET_BYTES;
		frame[ip + 10] = 0;
		frame[ip + 11] = 0;
		int sum = 0;
		for (int i = 0; i < IPV4_BYTES; i += 2) {
			sum += (frame[ip + i] & 0xFF) << 8 | (frame[ip + i + 1] & 0xFF);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		sum = ~sum & 0xFFFF;
		frame[ip + 10] = (byte) (sum >> 8);
		frame[ip + 11] = (byte) sum;
	}

}
