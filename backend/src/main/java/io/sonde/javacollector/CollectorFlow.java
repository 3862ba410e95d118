package io.sonde.javacollector;

import java.util.Objects;

import io.sonde.p4programs.decode.Flow;

/**
 * The 5-tuple key of Table I ({@code struct flow_key}): ports are 0 when the protocol has
 * none.
 *
 * @param srcIp source address as sonde-decode prints it
 * @param dstIp destination address
 * @param srcPort source port, 0 without ports
 * @param dstPort destination port, 0 without ports
 * @param protocol IP protocol
 */
public record CollectorFlow(String srcIp, String dstIp, int srcPort, int dstPort, int protocol) {

	public CollectorFlow {
		Objects.requireNonNull(srcIp, "srcIp");
		Objects.requireNonNull(dstIp, "dstIp");
	}

	/** The key of a decoded flow. */
	public static CollectorFlow of(Flow flow) {
		return new CollectorFlow(flow.srcIp(), flow.dstIp(), (flow.srcPort() != null) ? flow.srcPort() : 0,
				(flow.dstPort() != null) ? flow.dstPort() : 0, flow.protocol());
	}

}
