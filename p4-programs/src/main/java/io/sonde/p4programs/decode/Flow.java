package io.sonde.p4programs.decode;

/**
 * The flow the INT source saw: the 5-tuple of a data packet, with what INT changed put
 * back (NPT 1 and 2 of INT-2.1 §5.7.2, the v0.5 tail).
 *
 * @param srcIp source address (dotted decimal, or RFC 5952 text)
 * @param dstIp destination address
 * @param srcPort source port, null when the protocol has no ports or they are not in the
 * frame
 * @param dstPort destination port, null likewise
 * @param protocol IPv4 protocol / IPv6 next header of the transport
 */
public record Flow(String srcIp, String dstIp, Integer srcPort, Integer dstPort, int protocol) {

}
