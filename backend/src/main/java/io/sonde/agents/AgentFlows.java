package io.sonde.agents;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What NIC agents reported of flows and switches, from the time-series store. */
public interface AgentFlows {

	/**
	 * Flows seen since {@code since}, by their latest end-to-end latency, highest first.
	 * @param agent null for every agent
	 */
	List<FlowSummary> top(int limit, String agent, Instant since);

	/** The flow's latest record with its hops. */
	Optional<FlowDetail> flow(String flowId);

	/**
	 * The latest histogram of each switch and metric of one agent.
	 * @param switchId null for every switch
	 * @param metric null for every metric
	 */
	List<SwitchHistogram> histograms(String agent, Long switchId, String metric);

}
