package io.sonde.p4programs.packet;

/**
 * An IPv4 or IPv6 header with its extension headers, reduced to what the transport layer
 * and {@link DissectedFrame} need.
 *
 * @param version 4 or 6
 * @param srcIp source address text
 * @param dstIp destination address text
 * @param dscp differentiated services code point
 * @param ecn explicit congestion notification bits
 * @param ttl time to live or hop limit
 * @param protocol upper-layer protocol
 * @param headerOffset the first byte of the IP header
 * @param upperOffset the first byte after the IP header and extension headers
 * @param declaredEnd the end of the packet by its length field (the captured end for the
 * zero length of segmentation offload and jumbograms)
 * @param capturedEnd the end of the bytes actually present: {@code declaredEnd} or less
 * @param carriesUpperHeader false for a non-first fragment, which starts mid-datagram
 * @param firstOfSeveralFragments whether this is the first fragment of a datagram that
 * continues in other packets, whose upper-layer length fields cover more than this packet
 */
record IpHeader(int version, String srcIp, String dstIp, int dscp, int ecn, int ttl, int protocol, int headerOffset,
		int upperOffset, int declaredEnd, int capturedEnd, boolean carriesUpperHeader,
		boolean firstOfSeveralFragments) {
}
