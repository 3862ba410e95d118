package io.sonde.probes;

import io.sonde.topology.TopologyGraph;

/**
 * Plans probe paths over a topology's switches (hosts are never on a path). Pure: the
 * same graph and request give the same plan, and nothing is stored.
 */
public interface ProbePlanner {

	/**
	 * @throws PlanRequestRejected when an avoided switch is not in the graph
	 */
	ProbePlan plan(TopologyGraph graph, PlanRequest request);

}
