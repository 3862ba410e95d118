package io.sonde.agents;

/**
 * One hop of a flow: the latest value and the running average of each metric. A value the
 * switch did not give (all ones on the wire, INT 2.1 section 5.8, or a metric the packets
 * do not carry) is null.
 *
 * @param hop 0 for the first switch after the source
 */
public record FlowHop(int hop, long switchId, Long latency, Double latencyAvg, Long queue, Double queueAvg, Long util,
		Double utilAvg) {
}
