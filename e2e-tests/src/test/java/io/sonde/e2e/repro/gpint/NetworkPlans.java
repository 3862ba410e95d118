package io.sonde.e2e.repro.gpint;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.probes.ProbePlanner;
import io.sonde.probes.plan.GraphProbePlanner;
import io.sonde.topology.TopologyDocuments;
import io.sonde.topology.TopologyGraph;

/**
 * The probe paths of every method on one network, planned once by the backend's planner
 * ({@link GraphProbePlanner}, the same the probes module runs) from the emulated topology
 * as a {@code sonde-topology} document, the way an operator's topology file reaches the
 * backend. Polling needs no plan: it asks each switch in turn.
 */
final class NetworkPlans {

	private final TopologyGraph graph;

	private final Map<Method, ProbePlan> plans = new EnumMap<>(Method.class);

	private NetworkPlans(TopologyGraph graph) {
		this.graph = graph;
	}

	static NetworkPlans of(Topology topology, long seed) {
		TopologyGraph graph = TopologyGraph.of(TopologyDocuments.readForPlanning(TopologyJson.write(topology)));
		NetworkPlans plans = new NetworkPlans(graph);
		ProbePlanner planner = new GraphProbePlanner();
		for (Method method : Method.values()) {
			if (method == Method.EULER) {
				plans.plans.put(method, planner.plan(graph, PlanRequest.euler(seed)));
			}
			else if (method != Method.POLLING) {
				plans.plans.put(method, planner.plan(graph, PlanRequest.gpintC(method.gpintFactor(), seed)));
			}
		}
		return plans;
	}

	TopologyGraph graph() {
		return this.graph;
	}

	/** The paths of a probing method, switch names in order. */
	List<List<String>> paths(Method method) {
		ProbePlan plan = this.plans.get(method);
		if (plan == null) {
			throw new IllegalArgumentException(method.title() + " sends no probes along paths");
		}
		return plan.paths();
	}

	ProbePlan plan(Method method) {
		return this.plans.get(method);
	}

}
