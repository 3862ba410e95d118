package io.sonde.p4programs.packet;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.MalformedFrame.Reason;

/**
 * Link-layer headers, per the tcpdump.org LINKTYPE_ registry entry of each link type,
 * down to the EtherType of the packet they carry.
 */
final class LinkLayer {

	/** 802.1Q customer tag. */
	static final int TPID_8021Q = 0x8100;

	/** 802.1ad service tag. */
	static final int TPID_8021AD = 0x88A8;

	/** Pre-standard QinQ outer tag, still emitted by some switches. */
	static final int TPID_QINQ = 0x9100;

	/** Destination MAC (6), source MAC (6), EtherType (2). */
	private static final int ETHERNET_HEADER_LENGTH = 14;

	/** Tag control information (2) and the next EtherType (2). */
	private static final int VLAN_TAG_LENGTH = 4;

	/** Packet type, ARPHRD_ type, address length (2 each), address (8), protocol (2). */
	private static final int SLL_HEADER_LENGTH = 16;

	private static final int SLL_PROTOCOL_OFFSET = 14;

	/**
	 * Protocol (2), reserved (2), interface index (4), ARPHRD_ type (2), packet type,
	 * address length (1 each), address (8).
	 */
	private static final int SLL2_HEADER_LENGTH = 20;

	/** The address family word of LINKTYPE_NULL and LINKTYPE_LOOP. */
	private static final int LOOPBACK_HEADER_LENGTH = 4;

	private static final int AF_INET = 2;

	/**
	 * AF_INET6 differs by system: Linux 10, NetBSD/OpenBSD/BSD/OS 24, FreeBSD 28, Darwin
	 * 30.
	 */
	private static final List<Integer> AF_INET6 = List.of(10, 24, 28, 30);

	private LinkLayer() {
	}

	static LinkHeader parse(LinkType linkType, FrameBytes bytes) throws MalformedFrame {
		int start = bytes.start();
		return switch (linkType) {
			case ETHERNET -> {
				bytes.require(start, ETHERNET_HEADER_LENGTH, "Ethernet header");
				yield withTags(bytes, start + ETHERNET_HEADER_LENGTH - 2, start + ETHERNET_HEADER_LENGTH);
			}
			case LINUX_SLL -> {
				bytes.require(start, SLL_HEADER_LENGTH, "Linux cooked (SLL) header");
				yield withTags(bytes, start + SLL_PROTOCOL_OFFSET, start + SLL_HEADER_LENGTH);
			}
			case LINUX_SLL2 -> {
				bytes.require(start, SLL2_HEADER_LENGTH, "Linux cooked (SLL2) header");
				// SLL2 puts its protocol first: the packet (or a first tag) follows the
				// whole 20-byte header, not the protocol field.
				yield withTags(bytes, start, start + SLL2_HEADER_LENGTH);
			}
			case NULL, LOOP -> loopback(linkType, bytes);
			case RAW -> {
				bytes.require(start, 1, "IP header");
				int version = bytes.u8(start) >> 4;
				if (version == 4) {
					yield new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV4, start);
				}
				if (version == 6) {
					yield new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV6, start);
				}
				throw new MalformedFrame(Reason.BAD_IP_HEADER, start, "raw IP packet of version " + version);
			}
			case IPV4 -> new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV4, start);
			case IPV6 -> new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV6, start);
		};
	}

	/**
	 * Reads the EtherType at {@code typeOffset} and the VLAN tags it announces from
	 * {@code afterHeader} on (IEEE 802.1Q clauses 9.5, 9.6: each tag is a TCI and the
	 * next EtherType), up to the carried packet.
	 */
	private static LinkHeader withTags(FrameBytes bytes, int typeOffset, int afterHeader) throws MalformedFrame {
		int etherType = bytes.u16(typeOffset);
		int cursor = afterHeader;
		List<VlanTag> tags = new ArrayList<>();
		while (isVlanTpid(etherType)) {
			if (tags.size() == FrameDissector.MAX_VLAN_TAGS) {
				throw new MalformedFrame(Reason.TOO_MANY_VLAN_TAGS, cursor,
						"more than " + FrameDissector.MAX_VLAN_TAGS + " stacked VLAN tags");
			}
			bytes.require(cursor, VLAN_TAG_LENGTH, "VLAN tag " + (tags.size() + 1));
			int tci = bytes.u16(cursor);
			tags.add(new VlanTag(etherType, tci >>> 13, (tci >>> 12) & 1, tci & 0x0FFF));
			etherType = bytes.u16(cursor + 2);
			cursor += VLAN_TAG_LENGTH;
		}
		return new LinkHeader(tags, etherType, cursor);
	}

	/**
	 * BSD loopback: a 32-bit address family, in the capturing host's byte order for
	 * LINKTYPE_NULL and in network byte order for LINKTYPE_LOOP.
	 */
	private static LinkHeader loopback(LinkType linkType, FrameBytes bytes) throws MalformedFrame {
		int start = bytes.start();
		bytes.require(start, LOOPBACK_HEADER_LENGTH, "loopback header");
		long family = bytes.u32(start);
		// The families are small numbers, so a NULL header written little-endian shows
		// its value in the upper half.
		if (linkType == LinkType.NULL && family > 0xFFFF) {
			family = Integer.toUnsignedLong(Integer.reverseBytes((int) family));
		}
		int network = start + LOOPBACK_HEADER_LENGTH;
		if (family == AF_INET) {
			return new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV4, network);
		}
		if (family <= Integer.MAX_VALUE && AF_INET6.contains((int) family)) {
			return new LinkHeader(List.of(), DissectedFrame.ETHERTYPE_IPV6, network);
		}
		throw new MalformedFrame(Reason.NOT_IP, start, "loopback address family " + family + " is not IP");
	}

	static boolean isVlanTpid(int etherType) {
		return etherType == TPID_8021Q || etherType == TPID_8021AD || etherType == TPID_QINQ;
	}

}
