package io.sonde.p4programs.packet;

import java.util.List;

/**
 * The headers of an IP frame, as far as a telemetry decoder needs them. Every offset is
 * an index into the array handed to {@link FrameDissector}.
 *
 * @param vlanTags the VLAN tags between the link header and IP, outermost first
 * @param etherType the EtherType of the IP packet, 0x0800 or 0x86dd, also for link types
 * that carry none (raw IP, BSD loopback)
 * @param ipVersion 4 or 6
 * @param srcIp the source address: dotted decimal for IPv4, RFC 5952 text for IPv6
 * @param dstIp the destination address, in the same notation
 * @param dscp the differentiated services code point (upper 6 bits of the TOS or traffic
 * class byte)
 * @param ecn the explicit congestion notification bits (lower 2 bits)
 * @param ttl the IPv4 time to live or the IPv6 hop limit
 * @param protocol the upper-layer protocol: the IPv4 protocol, or the IPv6 next header
 * after the extension headers
 * @param srcPort the TCP or UDP source port, -1 for other protocols and for non-first
 * fragments
 * @param dstPort the TCP or UDP destination port, likewise
 * @param ipOffset the first byte of the IP header
 * @param l4Offset the first byte after the IP header and its extension headers: the TCP
 * or UDP header, or whatever the protocol carries (fragment data for non-first fragments)
 * @param payloadOffset the first byte of the TCP or UDP payload, or {@code l4Offset} when
 * there is no TCP or UDP header
 * @param payloadLength bytes of that payload present in the array: bounded by the IP and
 * UDP length fields (so Ethernet padding is not payload) and by the captured bytes
 * @param carriesUpperHeader whether {@code l4Offset} is the start of the upper-layer
 * header: false for a fragment other than the first, which starts mid-datagram
 */
public record DissectedFrame(List<VlanTag> vlanTags, int etherType, int ipVersion, String srcIp, String dstIp, int dscp,
		int ecn, int ttl, int protocol, int srcPort, int dstPort, int ipOffset, int l4Offset, int payloadOffset,
		int payloadLength, boolean carriesUpperHeader) {

	/** EtherType of IPv4. */
	public static final int ETHERTYPE_IPV4 = 0x0800;

	/** EtherType of IPv6. */
	public static final int ETHERTYPE_IPV6 = 0x86DD;

	/** IP protocol number of TCP. */
	public static final int PROTOCOL_TCP = 6;

	/** IP protocol number of UDP. */
	public static final int PROTOCOL_UDP = 17;

	public DissectedFrame {
		vlanTags = List.copyOf(vlanTags);
	}

	/** Whether the frame carries a TCP or UDP header (and so ports). */
	public boolean hasPorts() {
		return this.srcPort >= 0;
	}

}
