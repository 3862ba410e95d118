package io.sonde.p4programs.packet;

/**
 * Text forms of IP addresses: dotted decimal for IPv4, and for IPv6 the canonical form of
 * RFC 5952 Section 4 (lowercase hex without leading zeros, the longest run of two or more
 * zero groups, the first of equal runs, replaced by "::"), with the dotted IPv4 tail of
 * Section 5 only for IPv4-mapped addresses (::ffff:a.b.c.d).
 */
final class IpAddressText {

	private static final int IPV6_GROUPS = 8;

	/** Groups 0-4 zero and group 5 0xffff: the IPv4-mapped prefix ::ffff:0:0/96. */
	private static final int MAPPED_MARKER_GROUP = 5;

	private IpAddressText() {
	}

	/**
	 * The four bytes at {@code at} as dotted decimal; the caller has checked they exist.
	 */
	static String ipv4(byte[] data, int at) {
		return Byte.toUnsignedInt(data[at]) + "." + Byte.toUnsignedInt(data[at + 1]) + "."
				+ Byte.toUnsignedInt(data[at + 2]) + "." + Byte.toUnsignedInt(data[at + 3]);
	}

	/**
	 * The sixteen bytes at {@code at} as RFC 5952 text; the caller has checked they
	 * exist.
	 */
	static String ipv6(byte[] data, int at) {
		int[] groups = new int[IPV6_GROUPS];
		for (int i = 0; i < IPV6_GROUPS; i++) {
			groups[i] = (Byte.toUnsignedInt(data[at + 2 * i]) << 8) | Byte.toUnsignedInt(data[at + 2 * i + 1]);
		}
		if (isIpv4Mapped(groups)) {
			return "::ffff:" + ipv4(data, at + 12);
		}
		int bestStart = -1;
		int bestLength = 1;
		for (int i = 0; i < IPV6_GROUPS;) {
			if (groups[i] != 0) {
				i++;
				continue;
			}
			int runStart = i;
			while (i < IPV6_GROUPS && groups[i] == 0) {
				i++;
			}
			if (i - runStart > bestLength) {
				bestStart = runStart;
				bestLength = i - runStart;
			}
		}
		StringBuilder text = new StringBuilder(39);
		for (int i = 0; i < IPV6_GROUPS; i++) {
			if (i == bestStart) {
				text.append("::");
				i += bestLength - 1;
				continue;
			}
			if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
				text.append(':');
			}
			text.append(Integer.toHexString(groups[i]));
		}
		return text.toString();
	}

	private static boolean isIpv4Mapped(int[] groups) {
		for (int i = 0; i < MAPPED_MARKER_GROUP; i++) {
			if (groups[i] != 0) {
				return false;
			}
		}
		return groups[MAPPED_MARKER_GROUP] == 0xFFFF;
	}

}
