package io.sonde.p4programs.entries;

import io.sonde.p4programs.names.P4Tables;

/**
 * The key of an {@code int_watchlist} or {@code event_filter_flows} entry: ternary
 * {@code ipv4_src}, {@code ipv4_dst} (32 bits) and {@code ip_proto} (8 bits), ranges
 * {@code l4_src_port} and {@code l4_dst_port} (16 bits).
 *
 * @param srcValue IPv4 source, inside {@code srcMask}
 * @param srcMask 0 for any source
 * @param dstValue IPv4 destination, inside {@code dstMask}
 * @param dstMask 0 for any destination
 * @param protoValue IP protocol, inside {@code protoMask}
 * @param protoMask 0 for any protocol, 0xff for one
 * @param srcPortLow inclusive
 * @param srcPortHigh inclusive
 * @param dstPortLow inclusive
 * @param dstPortHigh inclusive
 */
public record FlowKey(int srcValue, int srcMask, int dstValue, int dstMask, int protoValue, int protoMask,
		int srcPortLow, int srcPortHigh, int dstPortLow, int dstPortHigh) {

	/** Every packet. */
	public static final FlowKey ANY = new FlowKey(0, 0, 0, 0, 0, 0, 0, 0xFFFF, 0, 0xFFFF);

	public FlowKey {
		requireInside(P4Tables.IntWatchlist.IPV4_SRC, srcValue, srcMask);
		requireInside(P4Tables.IntWatchlist.IPV4_DST, dstValue, dstMask);
		if ((protoMask & ~0xFF) != 0) {
			throw new IllegalArgumentException(
					P4Tables.IntWatchlist.IP_PROTO + " mask " + protoMask + " is wider than 8 bits");
		}
		requireInside(P4Tables.IntWatchlist.IP_PROTO, protoValue, protoMask);
		requireRange(P4Tables.IntWatchlist.L4_SRC_PORT, srcPortLow, srcPortHigh);
		requireRange(P4Tables.IntWatchlist.L4_DST_PORT, dstPortLow, dstPortHigh);
	}

	/** A prefix as a ternary value and mask: {@code 10.0.0.0/8}, or 0/0 for any. */
	public static int prefixMask(int prefixLength) {
		if (prefixLength < 0 || prefixLength > 32) {
			throw new IllegalArgumentException("prefix length " + prefixLength + " is not in 0-32");
		}
		return (prefixLength == 0) ? 0 : -1 << (32 - prefixLength);
	}

	// P4Runtime §9.1.1: a ternary value must be zero where its mask is.
	private static void requireInside(String field, int value, int mask) {
		if ((value & ~mask) != 0) {
			throw new IllegalArgumentException(field + " value has bits outside its mask");
		}
	}

	private static void requireRange(String field, int low, int high) {
		if (low < 0 || high > 0xFFFF || low > high) {
			throw new IllegalArgumentException(field + " range " + low + "-" + high + " is not within 0-65535");
		}
	}

}
