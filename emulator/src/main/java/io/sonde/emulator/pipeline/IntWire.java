package io.sonde.emulator.pipeline;

import io.sonde.p4programs.SondePipeline;

/**
 * Header sizes, offsets and codes of sonde.p4 ({@code defines.p4}, {@code sizes.p4},
 * {@code headers.p4}, {@code int_headers.p4}) that the Java stages work with on frame
 * bytes. Values name their P4 constant; {@code PipelineConstantsTests} holds them to the
 * P4 source.
 */
final class IntWire {

	static final int ETHERNET_BYTES = 14;

	static final int VLAN_BYTES = 4;

	static final int ETHERTYPE_IPV4 = 0x0800;

	static final int ETHERTYPE_IPV6 = 0x86DD;

	static final int ETHERTYPE_VLAN = 0x8100;

	static final int IP_PROTO_TCP = 6;

	static final int IP_PROTO_UDP = 17;

	/** {@code IPV4_HEADER_BYTES}: the parser extracts the option-less header. */
	static final int IPV4_HEADER_BYTES = 20;

	static final int IPV6_HEADER_BYTES = 40;

	/** {@code TCP_HEADER_BYTES}: fixed header, INT follows it before any option. */
	static final int TCP_HEADER_BYTES = 20;

	static final int UDP_HEADER_BYTES = 8;

	static final int SHIM_BYTES = 4;

	static final int MD_HEADER_BYTES = 12;

	/** {@code INT_FIXED_HEADER_BYTES}: shim 4 + MD header 12 (INT-2.1 §5.3). */
	static final int FIXED_HEADER_BYTES = SHIM_BYTES + MD_HEADER_BYTES;

	/** {@code INT_MD_HEADER_WORDS}: the shim Length counts these, never the shim. */
	static final int MD_HEADER_WORDS = 3;

	/** {@code INT_DSCP} under {@code INT_DSCP_MASK} (INT-2.1 §5.7.2 option 2). */
	static final int INT_DSCP = 0x17;

	static final int INT_DSCP_MASK = 0x3F;

	static final int INT_TYPE_MD = 1;

	static final int INT_NPT_DSCP = 0;

	static final int INT_VERSION = 2;

	// Instruction bitmap, bit 0 most significant (INT-2.1 §5.8).
	static final int INSTR_SWITCH_ID = 0x8000;

	static final int INSTR_L1_PORT_IDS = 0x4000;

	static final int INSTR_HOP_LATENCY = 0x2000;

	static final int INSTR_QUEUE = 0x1000;

	static final int INSTR_INGRESS_TSTAMP = 0x0800;

	static final int INSTR_EGRESS_TSTAMP = 0x0400;

	static final int INSTR_L2_PORT_IDS = 0x0200;

	static final int INSTR_TX_UTIL = 0x0100;

	static final int INSTR_BUFFER = 0x0080;

	/** {@code INT_INSTR_UNSUPPORTED}: reserved bits 9-14 and Checksum Complement. */
	static final int INSTR_UNSUPPORTED = 0x007F;

	/** {@code MAX_INT_HOPS}. */
	static final int MAX_INT_HOPS = 8;

	/** {@code MAX_INT_STACK_WORDS}. */
	static final int MAX_INT_STACK_WORDS = 96;

	/** v1model's {@code DROP_PORT}: {@code mark_to_drop} sets egress_spec to it. */
	static final int DROP_PORT = 511;

	/** {@code port_t} is 9 bits. */
	static final int PORT_MASK = 0x1FF;

	/** v1model's timestamps are 48 bits. */
	static final long TIMESTAMP_MASK = (1L << 48) - 1;

	/** The IPv4 protocol that says the INT-label option follows. */
	static final int IP_PROTO_INT_LABEL = SondePipeline.IP_PROTO_INT_LABEL;

	/** The INT-label option: nh and int_num. */
	static final int LABEL_OPTION_BYTES = SondePipeline.LABEL_OPTION_BYTES;

	/** One INT-label item. */
	static final int LABEL_ITEM_BYTES = SondePipeline.LABEL_ITEM_BYTES;

	/** int_num's bits that count the items. */
	static final int LABEL_COUNT_MASK = SondePipeline.LABEL_COUNT_MASK;

	/** int_num's specific-flow bit. */
	static final int LABEL_SPECIFIC_FLOW = SondePipeline.LABEL_SPECIFIC_FLOW;

	/** {@code MAX_LABEL_ITEMS}: the parser's header stack of items. */
	static final int MAX_LABEL_ITEMS = SondePipeline.MAX_LABEL_ITEMS;

	private IntWire() {
	}

	/**
	 * {@code int_hop_words()}: the words per hop an instruction bitmap selects (bits 0-8;
	 * timestamps and level-2 ports are 2 words).
	 */
	static int hopWords(int instructions) {
		return bit(instructions, INSTR_SWITCH_ID) + bit(instructions, INSTR_L1_PORT_IDS)
				+ bit(instructions, INSTR_HOP_LATENCY) + bit(instructions, INSTR_QUEUE)
				+ 2 * bit(instructions, INSTR_INGRESS_TSTAMP) + 2 * bit(instructions, INSTR_EGRESS_TSTAMP)
				+ 2 * bit(instructions, INSTR_L2_PORT_IDS) + bit(instructions, INSTR_TX_UTIL)
				+ bit(instructions, INSTR_BUFFER);
	}

	private static int bit(int instructions, int mask) {
		return ((instructions & mask) != 0) ? 1 : 0;
	}

}
