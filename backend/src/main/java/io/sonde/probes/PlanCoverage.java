package io.sonde.probes;

/**
 * What a plan probes, as fractions 0..1 of the planned graph (the topology's switches and
 * switch-to-switch links, including those the request avoided: an avoided or unreachable
 * switch counts as uncovered).
 *
 * @param nodes switches on at least one path
 * @param edges switch-to-switch links (pairs of adjacent switches) some path walks
 */
public record PlanCoverage(double nodes, double edges) {
}
