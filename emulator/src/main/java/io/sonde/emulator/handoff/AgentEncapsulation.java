package io.sonde.emulator.handoff;

import io.sonde.emulator.traffic.InternetChecksum;

/**
 * A delivered packet with its INT put back as the NIC agent receives it (paper 002
 * §II-B): INT-MD over UDP with destination port {@link #INT_PORT}. A UDP packet keeps its
 * own UDP header (NPT 1, the original destination port in the shim); any other, TCP above
 * all, gets a new UDP header between IPv4 and its own L4 header (NPT 2, the original IP
 * protocol in the shim). The emulated network itself marks INT by DSCP (NPT 0), so the
 * shim is rewritten here; the metadata header and stack are the sink's bytes. Removing
 * the INT (the agent's inverse steps) gives the delivered frame byte for byte.
 */
public final class AgentEncapsulation {

	/** The UDP destination port that announces INT (paper 002, INT-2.1 default). */
	public static final int INT_PORT = 0x1000;

	/** NPT 1: the outer UDP header is the packet's own. */
	public static final int NPT_UDP = 1;

	/** NPT 2: a new UDP header in front of the packet's L4 header. */
	public static final int NPT_NEW_UDP = 2;

	private static final int ETHERNET_BYTES = 14;

	private static final int VLAN_BYTES = 4;

	private static final int MAX_VLAN_TAGS = 2;

	private static final int UDP_BYTES = 8;

	private static final int SHIM_BYTES = 4;

	private static final int IP_PROTO_UDP = 17;

	private static final int INT_TYPE_MD = 1;

	private AgentEncapsulation() {
	}

	/**
	 * Offset of the IPv4 header of an Ethernet frame (0-2 VLAN tags), or -1 when the
	 * frame is not an unfragmented IPv4 packet whose L4 header the frame holds.
	 */
	public static int ipv4Offset(byte[] frame, int length) {
		int at = ETHERNET_BYTES - 2;
		for (int tags = 0; tags <= MAX_VLAN_TAGS && at + 2 <= length; tags++) {
			int etherType = u16(frame, at);
			if (etherType == 0x0800) {
				return fitsIpv4(frame, length, at + 2) ? at + 2 : -1;
			}
			if (etherType != 0x8100 && etherType != 0x88A8) {
				return -1;
			}
			at += VLAN_BYTES;
		}
		return -1;
	}

	private static boolean fitsIpv4(byte[] frame, int length, int ip) {
		if (ip + 20 > length || (frame[ip] & 0xF0) != 0x40) {
			return false;
		}
		int headerBytes = 4 * (frame[ip] & 0x0F);
		boolean laterFragment = (u16(frame, ip + 6) & 0x1FFF) != 0;
		int totalLength = u16(frame, ip + 2);
		return headerBytes >= 20 && !laterFragment && totalLength >= headerBytes + UDP_BYTES
				&& ip + totalLength <= length;
	}

	/**
	 * The frame the agent receives.
	 * @param delivered the frame the host received (IPv4: {@link #ipv4Offset} not -1)
	 * @param length its length
	 * @param stack the INT the sink stripped: shim, metadata header, stack
	 * @param offset where it starts in {@code stack}
	 * @param stackLength its length, 4 x (shim Length + 1)
	 * @throws IllegalArgumentException when the frame is not IPv4 or the stack's length
	 * is not the shim's
	 */
	public static byte[] encapsulate(byte[] delivered, int length, byte[] stack, int offset, int stackLength) {
		int ip = ipv4Offset(delivered, length);
		if (ip < 0) {
			throw new IllegalArgumentException("not an IPv4 packet with its L4 header: cannot carry INT");
		}
		if (stackLength < SHIM_BYTES || stackLength != 4 * ((stack[offset + 1] & 0xFF) + 1)) {
			throw new IllegalArgumentException("INT of " + stackLength + " bytes does not match its shim Length");
		}
		int protocol = delivered[ip + 9] & 0xFF;
		byte[] out = (protocol == IP_PROTO_UDP) ? intoUdp(delivered, length, ip, stack, offset, stackLength)
				: behindNewUdp(delivered, length, ip, protocol, stack, offset, stackLength);
		ipv4Checksum(out, ip);
		return out;
	}

	/** NPT 1: INT after the packet's UDP header, the port saved in the shim. */
	private static byte[] intoUdp(byte[] delivered, int length, int ip, byte[] stack, int offset, int stackLength) {
		int l4 = ip + 4 * (delivered[ip] & 0x0F);
		int at = l4 + UDP_BYTES;
		byte[] out = insert(delivered, length, at, stack, offset, stackLength);
		int originalPort = u16(delivered, l4 + 2);
		out[at] = (byte) ((INT_TYPE_MD << 4) | (NPT_UDP << 2));
		put16(out, at + 2, originalPort);
		put16(out, l4 + 2, INT_PORT);
		put16(out, l4 + 4, u16(out, l4 + 4) + stackLength);
		put16(out, ip + 2, u16(out, ip + 2) + stackLength);
		if (u16(delivered, l4 + 6) != 0) {
			udpChecksum(out, ip, l4);
		}
		return out;
	}

	/** NPT 2: a new UDP header and INT between IPv4 and the packet's L4 header. */
	private static byte[] behindNewUdp(byte[] delivered, int length, int ip, int protocol, byte[] stack, int offset,
			int stackLength) {
		int l4 = ip + 4 * (delivered[ip] & 0x0F);
		int added = UDP_BYTES + stackLength;
		byte[] header = new byte[added];
		System.arraycopy(stack, offset, header, UDP_BYTES, stackLength);
		int l4Bytes = u16(delivered, ip + 2) - (l4 - ip);
		put16(header, 0, flowPort(delivered, ip, l4, protocol));
		put16(header, 2, INT_PORT);
		put16(header, 4, added + l4Bytes);
		// Checksum 0: the new header carries no data of its own to protect, and the
		// original L4 checksum still covers the packet.
		header[UDP_BYTES] = (byte) ((INT_TYPE_MD << 4) | (NPT_NEW_UDP << 2));
		header[UDP_BYTES + 2] = 0;
		header[UDP_BYTES + 3] = (byte) protocol;
		byte[] out = insert(delivered, length, l4, header, 0, added);
		out[ip + 9] = (byte) IP_PROTO_UDP;
		put16(out, ip + 2, u16(out, ip + 2) + added);
		return out;
	}

	/**
	 * The new UDP header's source port: a hash of the 5-tuple, so the flow keeps one port
	 * (ECMP and RSS on the way to the agent see one flow).
	 */
	private static int flowPort(byte[] frame, int ip, int l4, int protocol) {
		int hash = 0x811C9DC5;
		for (int i = ip + 12; i < ip + 20; i++) {
			hash = (hash ^ (frame[i] & 0xFF)) * 0x01000193;
		}
		for (int i = l4; i < l4 + 4; i++) {
			hash = (hash ^ (frame[i] & 0xFF)) * 0x01000193;
		}
		hash = (hash ^ protocol) * 0x01000193;
		return (hash ^ (hash >>> 16)) & 0xFFFF;
	}

	private static byte[] insert(byte[] frame, int length, int at, byte[] bytes, int offset, int count) {
		byte[] out = new byte[length + count];
		System.arraycopy(frame, 0, out, 0, at);
		System.arraycopy(bytes, offset, out, at, count);
		System.arraycopy(frame, at, out, at + count, length - at);
		return out;
	}

	private static void ipv4Checksum(byte[] frame, int ip) {
		int headerBytes = 4 * (frame[ip] & 0x0F);
		put16(frame, ip + 10, 0);
		put16(frame, ip + 10, InternetChecksum.of(frame, ip, headerBytes));
	}

	/**
	 * RFC 768: over the pseudo-header and the datagram; a computed 0 is sent as all ones.
	 */
	private static void udpChecksum(byte[] frame, int ip, int l4) {
		int udpLength = u16(frame, l4 + 4);
		put16(frame, l4 + 6, 0);
		long sum = InternetChecksum.add(0, frame, ip + 12, 8);
		sum += IP_PROTO_UDP + udpLength;
		sum = InternetChecksum.add(sum, frame, l4, udpLength);
		int checksum = InternetChecksum.finish(sum);
		put16(frame, l4 + 6, (checksum == 0) ? 0xFFFF : checksum);
	}

	private static int u16(byte[] bytes, int at) {
		return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
	}

	private static void put16(byte[] bytes, int at, int value) {
		bytes[at] = (byte) (value >>> 8);
		bytes[at + 1] = (byte) value;
	}

}
