package io.sonde.p4programs.codec;

/**
 * The INT-label layout's numbers (Song et al. Fig. 2 and Fig. 4 as INTLABEL-DECISIONS.md
 * fixes them; p4-programs/README.md "INT-label"), named once for the codec, the emulator
 * and the backend. The reasons' codes are in {@link LabelReason}.
 */
public final class LabelWire {

	/**
	 * The IPv4 protocol of a packet carrying the INT OPTION: 254, RFC 3692's second
	 * experimentation number (GPINT probes have the first).
	 */
	public static final int IP_PROTOCOL = 254;

	/** The INT OPTION: next header (8 bits) and int_num (8 bits). */
	public static final int OPTION_BYTES = 2;

	/** One label item. */
	public static final int ITEM_BYTES = 32;

	/**
	 * int_num's bit that marks a specific flow (paper §3.3, the fixed half of 8 bits).
	 */
	public static final int SPECIFIC_FLOW_BIT = 0x80;

	/** int_num's bits that count the items. */
	public static final int ITEM_COUNT_MASK = 0x7F;

	/** The most items a packet carries: sonde.p4's header stack (sizes.p4). */
	public static final int MAX_LABEL_ITEMS = 8;

	/** The tx utilization of an item whose switch does not measure it. */
	public static final long TX_UTILIZATION_NOT_MEASURED = 0xFFFF_FFFFL;

	/** Ethernet header without VLAN tags. */
	public static final int ETHERNET_HEADER_BYTES = 14;

	/** IPv4 header without options (IHL 5), the smallest there is. */
	public static final int IPV4_HEADER_BYTES = 20;

	/** The EtherType of IPv4. */
	public static final int ETHERTYPE_IPV4 = 0x0800;

	/** The IPv4 protocol of TCP. */
	public static final int PROTOCOL_TCP = 6;

	/** The IPv4 protocol of UDP. */
	public static final int PROTOCOL_UDP = 17;

	private LabelWire() {
	}

	/** Bytes the option and {@code items} items add to a packet. */
	public static int labelBytes(int items) {
		return OPTION_BYTES + items * ITEM_BYTES;
	}

	/** Whether packets of this IPv4 protocol carry ports in their first 4 bytes. */
	public static boolean hasPorts(int protocol) {
		return protocol == PROTOCOL_TCP || protocol == PROTOCOL_UDP;
	}

}
