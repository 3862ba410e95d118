package io.sonde.p4programs.packet;

import io.sonde.p4programs.packet.MalformedFrame.Reason;

/** TCP and UDP headers: ports and where their payload is. */
final class TransportLayer {

	/** Source port, destination port, length, checksum (RFC 768). */
	static final int UDP_HEADER_LENGTH = 8;

	/** The fixed part of a TCP header (RFC 9293 Section 3.1), options follow. */
	static final int TCP_MIN_HEADER_LENGTH = 20;

	private TransportLayer() {
	}

	/**
	 * Ports, payload offset and payload length.
	 * @param bytes the frame
	 * @param ip the IP header that carries the transport header
	 */
	static Transport parse(FrameBytes bytes, IpHeader ip) throws MalformedFrame {
		int at = ip.upperOffset();
		if (!ip.carriesUpperHeader()) {
			return Transport.without(at, ip.capturedEnd());
		}
		return switch (ip.protocol()) {
			case DissectedFrame.PROTOCOL_TCP -> tcp(bytes, ip, at);
			case DissectedFrame.PROTOCOL_UDP -> udp(bytes, ip, at);
			default -> Transport.without(at, ip.capturedEnd());
		};
	}

	/**
	 * RFC 9293 Section 3.1: the data offset (upper nibble of byte 12) counts 32-bit
	 * words.
	 */
	private static Transport tcp(FrameBytes bytes, IpHeader ip, int at) throws MalformedFrame {
		requireInPacket(bytes, ip, at, TCP_MIN_HEADER_LENGTH, "TCP header");
		int headerLength = (bytes.u8(at + 12) >> 4) * 4;
		if (headerLength < TCP_MIN_HEADER_LENGTH) {
			throw new MalformedFrame(Reason.BAD_L4_HEADER, at, "TCP data offset of " + headerLength
					+ " bytes, less than the " + TCP_MIN_HEADER_LENGTH + "-byte minimum");
		}
		requireInPacket(bytes, ip, at, headerLength, "TCP header with options");
		int payload = at + headerLength;
		return new Transport(bytes.u16(at), bytes.u16(at + 2), payload, ip.capturedEnd() - payload);
	}

	/**
	 * RFC 768: the length field covers header and data. It bounds the payload, unless
	 * this is the first fragment of a larger datagram, whose length field covers all
	 * fragments.
	 */
	private static Transport udp(FrameBytes bytes, IpHeader ip, int at) throws MalformedFrame {
		requireInPacket(bytes, ip, at, UDP_HEADER_LENGTH, "UDP header");
		int length = bytes.u16(at + 4);
		if (length < UDP_HEADER_LENGTH) {
			throw new MalformedFrame(Reason.BAD_L4_HEADER, at,
					"UDP length " + length + " is shorter than the " + UDP_HEADER_LENGTH + "-byte header");
		}
		if (length > ip.declaredEnd() - at && !ip.firstOfSeveralFragments()) {
			throw new MalformedFrame(Reason.BAD_L4_HEADER, at, "UDP length " + length + " exceeds the "
					+ (ip.declaredEnd() - at) + " bytes the IP header leaves for it");
		}
		int payload = at + UDP_HEADER_LENGTH;
		int end = Math.min(at + length, ip.capturedEnd());
		return new Transport(bytes.u16(at), bytes.u16(at + 2), payload, end - payload);
	}

	/**
	 * A transport header must fit what the IP length fields give it (else the packet is
	 * malformed), then what was captured (else the capture is truncated).
	 */
	private static void requireInPacket(FrameBytes bytes, IpHeader ip, int at, int count, String what)
			throws MalformedFrame {
		if (count > ip.declaredEnd() - at) {
			throw new MalformedFrame(Reason.BAD_L4_HEADER, at, what + " of " + count + " bytes does not fit the "
					+ (ip.declaredEnd() - at) + " bytes the IP header leaves for it");
		}
		bytes.require(at, count, what);
	}

	/**
	 * @param srcPort source port, -1 without a transport header
	 * @param dstPort destination port, -1 without a transport header
	 * @param payloadOffset first byte of the payload
	 * @param payloadLength bytes of payload present
	 */
	record Transport(int srcPort, int dstPort, int payloadOffset, int payloadLength) {

		static Transport without(int payloadOffset, int end) {
			return new Transport(-1, -1, payloadOffset, Math.max(0, end - payloadOffset));
		}

	}

}
