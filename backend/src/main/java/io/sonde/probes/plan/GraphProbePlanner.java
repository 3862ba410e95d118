package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.sonde.probes.Algorithm;
import io.sonde.probes.PathLengths;
import io.sonde.probes.PlanCoverage;
import io.sonde.probes.PlanRequest;
import io.sonde.probes.ProbePlan;
import io.sonde.probes.ProbePlanner;
import io.sonde.topology.TopologyGraph;

/**
 * The planner of the probes module: GPINT or Euler over a topology's switches, around the
 * switches and links the request avoids. Needs nothing of Spring, so the offline command
 * ({@link PlanCommand}) runs it as the backend does.
 */
public final class GraphProbePlanner implements ProbePlanner {

	@Override
	public ProbePlan plan(TopologyGraph topology, PlanRequest request) {
		SwitchGraph graph = SwitchGraph.of(topology, request.avoidSwitches(), request.avoidLinks());
		int present = 0;
		for (int node = 0; node < graph.size(); node++) {
			present += graph.present(node) ? 1 : 0;
		}
		List<int[]> paths = (request.algorithm() == Algorithm.GPINT)
				? GpintPaths.planAll(graph, Math.min(request.pathsFor(present), present), request.seed())
				: new EulerPaths(graph, request.seed()).plan();
		return summary(request.algorithm(), graph, paths);
	}

	private static ProbePlan summary(Algorithm algorithm, SwitchGraph graph, List<int[]> paths) {
		List<List<String>> named = new ArrayList<>();
		int[] pathsOn = new int[graph.size()];
		Set<Long> walked = new HashSet<>();
		int min = Integer.MAX_VALUE;
		int max = 0;
		long total = 0;
		for (int[] path : paths) {
			List<String> names = new ArrayList<>();
			Set<Integer> seen = new HashSet<>();
			for (int i = 0; i < path.length; i++) {
				names.add(graph.name(path[i]));
				if (seen.add(path[i])) {
					pathsOn[path[i]]++;
				}
				if (i > 0) {
					walked.add(edgeKey(path[i - 1], path[i]));
				}
			}
			named.add(names);
			min = Math.min(min, path.length);
			max = Math.max(max, path.length);
			total += path.length;
		}
		int covered = 0;
		int overlaps = 0;
		for (int count : pathsOn) {
			covered += (count > 0) ? 1 : 0;
			overlaps += (count > 1) ? 1 : 0;
		}
		PathLengths lengths = paths.isEmpty() ? new PathLengths(0, 0, 0)
				: new PathLengths(min, (double) total / paths.size(), max);
		PlanCoverage coverage = new PlanCoverage(fraction(covered, graph.size()),
				fraction(walked.size(), graph.allEdges()));
		return new ProbePlan(algorithm.label(), paths.size(), named, lengths, coverage, overlaps);
	}

	private static long edgeKey(int a, int b) {
		return ((long) Math.min(a, b) << 32) | Math.max(a, b);
	}

	/** Nothing to cover is all of it covered. */
	private static double fraction(int part, int whole) {
		return (whole == 0) ? 1.0 : (double) part / whole;
	}

}
