package io.sonde.labeling;

import java.time.Instant;
import java.util.Objects;

/**
 * A flow labeled at every hop, as installed.
 *
 * @param index its {@code label_flows} index (0..1023), which names it in the API
 * @param flow {@code src:sport>dst:dport/proto}, as {@link FlowPath#flow()} names it
 * @param srcAddr the IPv4 source
 * @param dstAddr the IPv4 destination
 * @param protocol the IP protocol
 * @param srcPort the L4 source port
 * @param dstPort the L4 destination port
 * @param sampleIntervalMs the sampling interval (0 every packet)
 * @param ingressSwitch the switch its source host attaches to, which holds its entry
 * @param author who added it
 * @param at when
 */
public record SpecificFlow(int index, String flow, String srcAddr, String dstAddr, int protocol, int srcPort,
		int dstPort, int sampleIntervalMs, String ingressSwitch, String author, Instant at) {

	public SpecificFlow {
		Objects.requireNonNull(flow, "flow");
		Objects.requireNonNull(ingressSwitch, "ingressSwitch");
	}

	/** {@code src:sport>dst:dport/proto}. */
	public static String name(String srcAddr, int srcPort, String dstAddr, int dstPort, int protocol) {
		return srcAddr + ":" + srcPort + ">" + dstAddr + ":" + dstPort + "/" + protocol;
	}

}
