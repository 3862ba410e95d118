package io.sonde.agents;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A flow with its hops.
 *
 * @param bottleneckHop the hop with the highest average latency; null when no hop has one
 */
public record FlowDetail(@JsonUnwrapped FlowSummary flow, List<FlowHop> hops, Integer bottleneckHop) {

	public FlowDetail {
		hops = List.copyOf(hops);
	}

	/** The flow, its hops, and the hop of the highest average latency among them. */
	public static FlowDetail of(FlowSummary flow, List<FlowHop> hops) {
		FlowHop worst = null;
		for (FlowHop hop : hops) {
			if (hop.latencyAvg() != null && (worst == null || hop.latencyAvg() > worst.latencyAvg())) {
				worst = hop;
			}
		}
		return new FlowDetail(flow, hops, (worst != null) ? worst.hop() : null);
	}

}
