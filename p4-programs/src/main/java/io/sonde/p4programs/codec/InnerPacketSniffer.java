package io.sonde.p4programs.codec;

/**
 * Whether bytes begin like a packet of a given kind: the test that lets report
 * recognition reject ordinary UDP payloads. Looks at the first header only (a reported
 * packet is often truncated): an Ethernet header with an IPv4 / IPv6 EtherType (after up
 * to two VLAN tags) and the IP version nibble behind it, or the IP version nibble (and
 * IPv4 IHL) itself.
 */
final class InnerPacketSniffer {

	private static final int ETHER_TYPE_IPV4 = 0x0800;

	private static final int ETHER_TYPE_IPV6 = 0x86DD;

	private static final int VLAN_TAG = 4;

	private static final int MAX_VLAN_TAGS = 2;

	private InnerPacketSniffer() {
	}

	/**
	 * Whether {@code length} bytes at {@code offset} (inside {@code data}) begin like
	 * such a packet.
	 */
	static boolean looksLike(InnerPacketKind kind, byte[] data, int offset, int length) {
		return switch (kind) {
			case ETHERNET -> looksLikeEthernet(data, offset, length);
			case IPV4 -> looksLikeIpv4(data, offset, length);
			case IPV6 -> length >= 1 && (data[offset] & 0xF0) == 0x60;
		};
	}

	private static boolean looksLikeEthernet(byte[] data, int offset, int length) {
		int typeAt = 12;
		for (int tags = 0; tags <= MAX_VLAN_TAGS; tags++) {
			if (length < typeAt + 2) {
				return false;
			}
			int etherType = ((data[offset + typeAt] & 0xFF) << 8) | (data[offset + typeAt + 1] & 0xFF);
			int payload = typeAt + 2;
			if (etherType == ETHER_TYPE_IPV4) {
				return looksLikeIpv4(data, offset + payload, length - payload);
			}
			if (etherType == ETHER_TYPE_IPV6) {
				return looksLike(InnerPacketKind.IPV6, data, offset + payload, length - payload);
			}
			if (!isVlanTag(etherType)) {
				return false;
			}
			typeAt += VLAN_TAG;
		}
		return false;
	}

	private static boolean isVlanTag(int etherType) {
		return etherType == 0x8100 || etherType == 0x88A8 || etherType == 0x9100;
	}

	private static boolean looksLikeIpv4(byte[] data, int offset, int length) {
		if (length < 1) {
			return false;
		}
		int first = data[offset] & 0xFF;
		int headerBytes = (first & 0x0F) * 4;
		if ((first >>> 4) != 4 || headerBytes < 20) {
			return false;
		}
		// RFC 791: Total Length covers at least the header; the first flag bit
		// is reserved (0).
		boolean totalLengthFits = length < 4
				|| ((data[offset + 2] & 0xFF) << 8 | (data[offset + 3] & 0xFF)) >= headerBytes;
		boolean reservedFlagClear = length < 7 || (data[offset + 6] & 0x80) == 0;
		return totalLengthFits && reservedFlagClear;
	}

}
