package io.sonde.p4programs.codec;

/**
 * The GPINT probe layout's numbers (Simsek et al. Fig. 4 as GPINT-DECISIONS.md fixes it;
 * p4-programs/README.md "GPINT probes"), named once for the codec, the emulator and the
 * monitoring module. The kinds' DSCPs are in {@link ProbeKind}.
 */
public final class GpintWire {

	/** The IPv4 protocol of GPINT probes: 253, an RFC 3692 experimentation number. */
	public static final int IP_PROTOCOL = 253;

	/** The IPv4 TTL a probe is sent with; switches do not decrement it. */
	public static final int TTL = 64;

	/** Req META: request id (15 bits) and request type (1 bit). */
	public static final int META_BYTES = 2;

	/** The SR, DLV and MEA counts. */
	public static final int COUNT_BYTES = 2;

	/** Next port (8 bits), MEA first index (8 bits), MEA count (8 bits). */
	public static final int SR_ENTRY_BYTES = 3;

	/** Switch id (8 bits), queue depth (8 bits), measurement count (16 bits). */
	public static final int DLV_ENTRY_BYTES = 4;

	/** One measurement: a 32-bit register cell. */
	public static final int MEASUREMENT_BYTES = 4;

	/** The largest request id (15 bits). */
	public static final int MAX_REQUEST_ID = 0x7FFF;

	/** Ethernet header without VLAN tags (probes are never tagged). */
	public static final int ETHERNET_HEADER_BYTES = 14;

	/** IPv4 header without options (IHL 5). */
	public static final int IPV4_HEADER_BYTES = 20;

	/** The EtherType of IPv4. */
	public static final int ETHERTYPE_IPV4 = 0x0800;

	/** IPv4 total length of a feedback: header and Req META. */
	public static final int FEEDBACK_IPV4_TOTAL_LENGTH = IPV4_HEADER_BYTES + META_BYTES;

	/** A feedback frame's length before any Ethernet padding. */
	public static final int FEEDBACK_FRAME_BYTES = ETHERNET_HEADER_BYTES + FEEDBACK_IPV4_TOTAL_LENGTH;

	private GpintWire() {
	}

	static void requireUnsigned(int value, int bits, String what) {
		if (value < 0 || value >= (1 << bits)) {
			throw new IllegalArgumentException(what + " is not an unsigned " + bits + "-bit value: " + value);
		}
	}

}
