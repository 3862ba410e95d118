package io.sonde.emulator.pipeline;

/**
 * {@code control Forwarding} (forwarding.p4): longest-prefix match on the IPv4 or IPv6
 * destination picks the egress port and the next hop's MAC address, directly or, for
 * IPv4, through a group of equal-cost next hops a hash of the flow chooses among (ECMP).
 */
final class Forwarding {

	private final SondeTables tables;

	private final SondeRegisters registers;

	private final EcmpHash ecmpHash = new EcmpHash();

	Forwarding(SondeTables tables, SondeRegisters registers) {
		this.tables = tables;
		this.registers = registers;
	}

	/**
	 * The apply block: {@code ipv4_lpm} when IPv4 is valid, then {@code next_hop} if it
	 * named a group, else {@code ipv6_lpm} when IPv6 is; null when no table ran
	 * (egress_spec keeps v1model's initial 0).
	 */
	NextHop lookup(byte[] frame, ParsedHeaders headers) {
		if (headers.ipv4) {
			NextHop route = this.tables.ipv4Lpm((int) WireBytes.u32(frame, headers.ipOffset + 16), headers.frameLength);
			if (!route.isGroup()) {
				if (!route.drop()) {
					// GPINT rule hits: cell 0 for a direct next hop; a miss
					// is not counted.
					this.registers.increment(ProbeRegister.RULE_HITS, 0);
				}
				return route;
			}
			this.registers.increment(ProbeRegister.RULE_HITS, route.group());
			long salt = this.tables.ecmpSalt();
			int hash = this.ecmpHash.of(headers.ipv4Src, headers.ipv4Dst, headers.ipProto, headers.l4SrcPort,
					headers.l4DstPort, salt);
			return this.tables.nextHop(route.group(), hash, headers.frameLength);
		}
		if (headers.ipv6) {
			int dst = headers.ipOffset + 24;
			long high = (WireBytes.u32(frame, dst) << 32) | WireBytes.u32(frame, dst + 4);
			long low = (WireBytes.u32(frame, dst + 8) << 32) | WireBytes.u32(frame, dst + 12);
			return this.tables.ipv6Lpm(high, low, headers.frameLength);
		}
		return null;
	}

	/** {@code standard_metadata.egress_spec} after the action. */
	static int egressSpec(NextHop action) {
		if (action == null) {
			return 0;
		}
		return action.drop() ? IntWire.DROP_PORT : action.port();
	}

	/**
	 * The header writes of {@code set_next_hop} / {@code set_next_hop_v6}: the old
	 * destination MAC becomes the source, the next hop's the destination, and TTL / hop
	 * limit drop by one, wrapping at 0 as the P4 arithmetic does (sonde.p4 checks no
	 * expiry).
	 */
	static void rewrite(byte[] frame, ParsedHeaders headers, NextHop action) {
		if (action == null || action.drop()) {
			return;
		}
		System.arraycopy(frame, 0, frame, 6, 6);
		WireBytes.put16(frame, 0, (int) (action.dmac() >>> 32));
		WireBytes.put32(frame, 2, action.dmac());
		int hopLimit = headers.ipOffset + (headers.ipv4 ? 8 : 7);
		frame[hopLimit] = (byte) (frame[hopLimit] - 1);
	}

}
