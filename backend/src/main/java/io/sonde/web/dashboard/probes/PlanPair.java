package io.sonde.web.dashboard.probes;

import io.sonde.probes.ProbePlan;

/**
 * GPINT and Euler planned on the same graph with the same seed, as the Probes page shows
 * them side by side.
 *
 * @param switches switches in the graph both plans cover
 * @param gpint GPINT-k's plan
 * @param euler Euler's plan
 */
record PlanPair(int switches, ProbePlan gpint, ProbePlan euler) {
}
