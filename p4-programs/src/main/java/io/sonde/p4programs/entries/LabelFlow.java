package io.sonde.p4programs.entries;

import io.sonde.p4programs.names.P4Tables;

/**
 * The key of a {@code label_flows} entry: a flow's exact 5-tuple as the packet's own
 * headers say it, whether or not labels precede its L4 header.
 *
 * @param srcAddr IPv4 source
 * @param dstAddr IPv4 destination
 * @param protocol the IP protocol of the packet's payload (the option's {@code nh} once
 * it is labeled)
 * @param srcPort L4 source port, 0 for a protocol without ports
 * @param dstPort L4 destination port, 0 for a protocol without ports
 */
public record LabelFlow(int srcAddr, int dstAddr, int protocol, int srcPort, int dstPort) {

	public LabelFlow {
		if (protocol < 0 || protocol > 0xFF) {
			throw new IllegalArgumentException("protocol " + protocol + " is not in 0-255");
		}
		requirePort(P4Tables.LabelFlows.SRC_PORT, srcPort);
		requirePort(P4Tables.LabelFlows.DST_PORT, dstPort);
	}

	private static void requirePort(String field, int port) {
		if (port < 0 || port > 0xFFFF) {
			throw new IllegalArgumentException(field + " " + port + " is not in 0-65535");
		}
	}

}
