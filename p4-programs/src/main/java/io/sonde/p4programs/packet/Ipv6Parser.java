package io.sonde.p4programs.packet;

import io.sonde.p4programs.packet.MalformedFrame.Reason;

/**
 * IPv6 headers (RFC 8200 Section 3): version (4 bits), traffic class (8: DSCP + ECN),
 * flow label (20), payload length (16), next header (8), hop limit (8), source and
 * destination address (16 each); then the extension headers of Section 4 up to the
 * upper-layer header.
 */
final class Ipv6Parser {

	static final int HEADER_LENGTH = 40;

	static final int HOP_BY_HOP = 0;

	static final int ROUTING = 43;

	static final int FRAGMENT = 44;

	static final int AUTHENTICATION = 51;

	static final int DESTINATION_OPTIONS = 60;

	/**
	 * Next header (1), reserved (1), fragment offset (13 bits) + flags, identification
	 * (4).
	 */
	private static final int FRAGMENT_HEADER_LENGTH = 8;

	private Ipv6Parser() {
	}

	static IpHeader parse(FrameBytes bytes, int at) throws MalformedFrame {
		bytes.require(at, 1, "IPv6 header");
		int version = bytes.u8(at) >> 4;
		if (version != 6) {
			throw new MalformedFrame(Reason.BAD_IP_HEADER, at, "version " + version + " where IPv6 was announced");
		}
		bytes.require(at, HEADER_LENGTH, "IPv6 header");
		long firstWord = bytes.u32(at);
		int trafficClass = (int) ((firstWord >>> 20) & 0xFF);
		int payloadLength = bytes.u16(at + 4);
		// A zero payload length announces a jumbogram (RFC 2675), or comes from
		// segmentation offload: either way the captured bytes are the packet.
		int declaredEnd = (payloadLength == 0) ? bytes.end() : at + HEADER_LENGTH + payloadLength;
		int next = bytes.u8(at + 6);
		int cursor = at + HEADER_LENGTH;
		boolean carriesUpperHeader = true;
		boolean firstOfSeveralFragments = false;
		while (isExtensionHeader(next)) {
			int length;
			if (next == FRAGMENT) {
				length = FRAGMENT_HEADER_LENGTH;
				requireInPacket(bytes, cursor, length, declaredEnd, "IPv6 fragment header");
				int offsetAndFlags = bytes.u16(cursor + 2);
				boolean moreFragments = (offsetAndFlags & 1) != 0;
				if ((offsetAndFlags >>> 3) != 0) {
					// A later fragment: the upper-layer header is in the first one.
					next = bytes.u8(cursor);
					cursor += length;
					carriesUpperHeader = false;
					break;
				}
				firstOfSeveralFragments = moreFragments;
			}
			else {
				requireInPacket(bytes, cursor, 2, declaredEnd, "IPv6 extension header " + next);
				// RFC 4302 Section 2.2: AH counts 4-byte words minus 2; the others (RFC
				// 8200 Section 4) count 8-byte units beyond the first.
				int units = bytes.u8(cursor + 1);
				length = (next == AUTHENTICATION) ? (units + 2) * 4 : (units + 1) * 8;
				requireInPacket(bytes, cursor, length, declaredEnd, "IPv6 extension header " + next);
			}
			next = bytes.u8(cursor);
			cursor += length;
		}
		return new IpHeader(6, IpAddressText.ipv6(bytes.data(), at + 8), IpAddressText.ipv6(bytes.data(), at + 24),
				trafficClass >> 2, trafficClass & 0x03, bytes.u8(at + 7), next, at, cursor, declaredEnd,
				Math.min(declaredEnd, bytes.end()), carriesUpperHeader, firstOfSeveralFragments);
	}

	/**
	 * An extension header must fit the payload length first, the captured bytes second.
	 */
	private static void requireInPacket(FrameBytes bytes, int at, int count, int declaredEnd, String what)
			throws MalformedFrame {
		if (count > declaredEnd - at) {
			throw new MalformedFrame(Reason.BAD_IP_HEADER, at,
					what + " of " + count + " bytes runs past the end the payload length gives");
		}
		bytes.require(at, count, what);
	}

	static boolean isExtensionHeader(int next) {
		return next == HOP_BY_HOP || next == ROUTING || next == FRAGMENT || next == AUTHENTICATION
				|| next == DESTINATION_OPTIONS;
	}

}
