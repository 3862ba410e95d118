package io.sonde.probes;

import java.util.List;

/**
 * Probe paths over a topology's switches: each path is walkable (consecutive switches are
 * cabled to each other) and is probed by one source-routed probe from its first switch.
 *
 * @param algorithm {@link Algorithm#label()} of the algorithm that made it
 * @param k the number of paths asked for (GPINT) or found (Euler); GPINT returns exactly
 * k paths unless there are fewer switches than k to start them from
 * @param paths switch names in walking order
 * @param lengths min, mean and max of the paths' lengths in switches
 * @param coverage the fractions of switches and links the paths probe
 * @param overlaps switches on more than one path
 */
public record ProbePlan(String algorithm, int k, List<List<String>> paths, PathLengths lengths, PlanCoverage coverage,
		int overlaps) {

	public ProbePlan {
		paths = paths.stream().map(List::copyOf).toList();
	}

}
