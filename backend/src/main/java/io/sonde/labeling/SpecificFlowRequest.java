package io.sonde.labeling;

/**
 * A flow to label at every hop (paper §3.3), as asked for: its 5-tuple and how often to
 * sample it.
 *
 * @param srcAddr the IPv4 source: a host of the imported topology (the flow's entry goes
 * on the switch that host attaches to)
 * @param dstAddr the IPv4 destination
 * @param protocol the IP protocol (6 TCP, 17 UDP, ...; 1..255, not 253 nor 254)
 * @param srcPort the L4 source port (0 for protocols without ports)
 * @param dstPort the L4 destination port (0 for protocols without ports)
 * @param sampleIntervalMs at most one packet of the flow per interval becomes specific (0
 * every packet; up to 60,000)
 */
public record SpecificFlowRequest(String srcAddr, String dstAddr, Integer protocol, Integer srcPort, Integer dstPort,
		Integer sampleIntervalMs) {
}
