package io.sonde.p4programs.capture;

import java.util.Optional;

/**
 * The link-layer header types Sonde can dissect, with their LINKTYPE_ codes from the
 * tcpdump.org link-layer header types registry (the value stored in a classic pcap file
 * header and in a pcapng Interface Description Block).
 */
public enum LinkType {

	/** BSD loopback: a 4-byte address family in the capturing host's byte order. */
	NULL(0),

	/** IEEE 802.3 Ethernet. */
	ETHERNET(1),

	/**
	 * Raw IP: the packet starts with an IPv4 or IPv6 header, the version nibble says
	 * which.
	 */
	RAW(101),

	/** OpenBSD loopback: a 4-byte address family in network byte order. */
	LOOP(108),

	/** Linux "cooked" capture, version 1 (16-byte pseudo header). */
	LINUX_SLL(113),

	/** Raw IPv4 only. */
	IPV4(228),

	/** Raw IPv6 only. */
	IPV6(229),

	/** Linux "cooked" capture, version 2 (20-byte pseudo header). */
	LINUX_SLL2(276);

	private final int code;

	LinkType(int code) {
		this.code = code;
	}

	/** The LINKTYPE_ code of this link type. */
	public int code() {
		return this.code;
	}

	/** The link type with this LINKTYPE_ code, empty when Sonde does not know it. */
	public static Optional<LinkType> of(int code) {
		for (LinkType type : values()) {
			if (type.code == code) {
				return Optional.of(type);
			}
		}
		return Optional.empty();
	}

}
