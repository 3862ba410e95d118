package io.sonde.p4programs.packet;

import io.sonde.p4programs.packet.MalformedFrame.Reason;

/**
 * IPv4 headers (RFC 791 Section 3.1): version/IHL, TOS (DSCP 6 bits + ECN 2 bits per RFC
 * 2474 and RFC 3168), total length, identification, flags/fragment offset, TTL, protocol,
 * checksum, source and destination address, then IHL×4 − 20 bytes of options.
 */
final class Ipv4Parser {

	static final int MIN_HEADER_LENGTH = 20;

	private static final int MORE_FRAGMENTS = 0x2000;

	private static final int FRAGMENT_OFFSET_MASK = 0x1FFF;

	private Ipv4Parser() {
	}

	/** The header checksum is not verified: captures with checksum offload carry junk. */
	static IpHeader parse(FrameBytes bytes, int at) throws MalformedFrame {
		bytes.require(at, 1, "IPv4 header");
		int version = bytes.u8(at) >> 4;
		if (version != 4) {
			throw new MalformedFrame(Reason.BAD_IP_HEADER, at, "version " + version + " where IPv4 was announced");
		}
		bytes.require(at, MIN_HEADER_LENGTH, "IPv4 header");
		int headerLength = (bytes.u8(at) & 0x0F) * 4;
		if (headerLength < MIN_HEADER_LENGTH) {
			throw new MalformedFrame(Reason.BAD_IP_HEADER, at,
					"IHL of " + headerLength + " bytes, less than the " + MIN_HEADER_LENGTH + "-byte minimum");
		}
		bytes.require(at, headerLength, "IPv4 header with options");
		int totalLength = bytes.u16(at + 2);
		int declaredEnd;
		if (totalLength == 0) {
			// Segmentation offload hands the capture a 0 total length: use what is there.
			declaredEnd = bytes.end();
		}
		else if (totalLength < headerLength) {
			throw new MalformedFrame(Reason.BAD_IP_HEADER, at,
					"total length " + totalLength + " is shorter than the " + headerLength + "-byte header");
		}
		else {
			declaredEnd = at + totalLength;
		}
		int tos = bytes.u8(at + 1);
		int fragment = bytes.u16(at + 6);
		boolean moreFragments = (fragment & MORE_FRAGMENTS) != 0;
		boolean firstFragment = (fragment & FRAGMENT_OFFSET_MASK) == 0;
		return new IpHeader(4, IpAddressText.ipv4(bytes.data(), at + 12), IpAddressText.ipv4(bytes.data(), at + 16),
				tos >> 2, tos & 0x03, bytes.u8(at + 8), bytes.u8(at + 9), at, at + headerLength, declaredEnd,
				Math.min(declaredEnd, bytes.end()), firstFragment, firstFragment && moreFragments);
	}

}
