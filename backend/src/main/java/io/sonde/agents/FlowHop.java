package io.sonde.agents;

/**
 * One hop of a flow: the latest value and the running average of each metric.
 *
 * @param hop 0 for the first switch after the source
 */
public record FlowHop(int hop, long switchId, long latency, double latencyAvg, long queue, double queueAvg, long util,
		double utilAvg) {
}
