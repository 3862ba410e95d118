package io.sonde.agents;

import java.time.Instant;
import java.util.List;

/**
 * A flow's latest record from a NIC agent.
 *
 * @param flowId {@code srcIp:srcPort-dstIp:dstPort-protocol}, an IPv6 address in brackets
 * (RFC 5952 section 6): {@code [2001:db8::1]:5000-[2001:db8::2]:80-17}
 * @param e2eLatency the latest end-to-end latency (summed hop latency)
 * @param e2eLatencyAvg its running average over the packets the agent counted
 * @param path switch ids from source to sink
 * @param lastSeen the flow's last packet
 * @param agent the agent that saw it
 */
public record FlowSummary(String flowId, String srcIp, String dstIp, int srcPort, int dstPort, int protocol,
		long packets, long e2eLatency, double e2eLatencyAvg, long pathId, List<Long> path, Instant lastSeen,
		String agent) {

	public FlowSummary {
		path = List.copyOf(path);
	}

}
