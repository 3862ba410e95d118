package io.sonde.emulator.pipeline;

import io.sonde.p4programs.names.P4Tables;

/**
 * The key of an {@code int_watchlist} or {@code event_filter_flows} entry: ternary
 * {@code ipv4_src}, {@code ipv4_dst} (32 bits) and {@code ip_proto} (8 bits), range
 * {@code l4_src_port} and {@code l4_dst_port} (16 bits). Values must lie inside their
 * masks (P4Runtime §9.1: a masked-off bit of the value must be 0).
 */
public record FlowMatch(int srcValue, int srcMask, int dstValue, int dstMask, int protoValue, int protoMask,
		int srcPortLow, int srcPortHigh, int dstPortLow, int dstPortHigh) {

	/** Matches every packet. */
	public static final FlowMatch ANY = new FlowMatch(0, 0, 0, 0, 0, 0, 0, 0xFFFF, 0, 0xFFFF);

	public FlowMatch {
		checkTernary(P4Tables.IntWatchlist.IPV4_SRC, srcValue, srcMask);
		checkTernary(P4Tables.IntWatchlist.IPV4_DST, dstValue, dstMask);
		ActionParams.check(P4Tables.IntWatchlist.IP_PROTO, "mask", protoMask, 8);
		checkTernary(P4Tables.IntWatchlist.IP_PROTO, protoValue, protoMask);
		checkRange(P4Tables.IntWatchlist.L4_SRC_PORT, srcPortLow, srcPortHigh);
		checkRange(P4Tables.IntWatchlist.L4_DST_PORT, dstPortLow, dstPortHigh);
	}

	/** This key with an exact source address. */
	public FlowMatch withSrc(int address) {
		return new FlowMatch(address, -1, this.dstValue, this.dstMask, this.protoValue, this.protoMask, this.srcPortLow,
				this.srcPortHigh, this.dstPortLow, this.dstPortHigh);
	}

	/** This key with an exact destination address. */
	public FlowMatch withDst(int address) {
		return new FlowMatch(this.srcValue, this.srcMask, address, -1, this.protoValue, this.protoMask, this.srcPortLow,
				this.srcPortHigh, this.dstPortLow, this.dstPortHigh);
	}

	/** This key with an exact IP protocol. */
	public FlowMatch withProto(int proto) {
		return new FlowMatch(this.srcValue, this.srcMask, this.dstValue, this.dstMask, proto, 0xFF, this.srcPortLow,
				this.srcPortHigh, this.dstPortLow, this.dstPortHigh);
	}

	/** This key with an L4 source port range. */
	public FlowMatch withSrcPorts(int low, int high) {
		return new FlowMatch(this.srcValue, this.srcMask, this.dstValue, this.dstMask, this.protoValue, this.protoMask,
				low, high, this.dstPortLow, this.dstPortHigh);
	}

	/** This key with an L4 destination port range. */
	public FlowMatch withDstPorts(int low, int high) {
		return new FlowMatch(this.srcValue, this.srcMask, this.dstValue, this.dstMask, this.protoValue, this.protoMask,
				this.srcPortLow, this.srcPortHigh, low, high);
	}

	/** Whether a packet's {@code meta.flow} fields match. */
	public boolean matches(int src, int dst, int proto, int srcPort, int dstPort) {
		return (src & this.srcMask) == this.srcValue && (dst & this.dstMask) == this.dstValue
				&& (proto & this.protoMask) == this.protoValue && srcPort >= this.srcPortLow
				&& srcPort <= this.srcPortHigh && dstPort >= this.dstPortLow && dstPort <= this.dstPortHigh;
	}

	private static void checkTernary(String field, int value, int mask) {
		if ((value & ~mask) != 0) {
			throw new IllegalArgumentException(field + " value 0x" + Integer.toHexString(value)
					+ " has bits outside its mask 0x" + Integer.toHexString(mask));
		}
	}

	private static void checkRange(String field, int low, int high) {
		ActionParams.check(field, "low", low, 16);
		ActionParams.check(field, "high", high, 16);
		if (low > high) {
			throw new IllegalArgumentException(field + " range " + low + ".." + high + " is empty");
		}
	}

}
