package io.sonde.probes.web;

import io.swagger.v3.oas.annotations.media.Schema;

import io.sonde.probes.ProbePlan;

/**
 * Two plans of the same graph side by side.
 *
 * @param gpint the GPINT plan
 * @param euler the Euler plan
 * @param maxPathRatio GPINT's longest path over Euler's (below 1: GPINT's probes travel
 * less far)
 */
@Schema(description = "GPINT and Euler on the same topology")
record PlanComparison(ProbePlan gpint, ProbePlan euler,
		@Schema(description = "GPINT's longest path over Euler's longest path") double maxPathRatio) {

	static PlanComparison of(ProbePlan gpint, ProbePlan euler) {
		double ratio = (euler.lengths().max() == 0) ? 0 : (double) gpint.lengths().max() / euler.lengths().max();
		return new PlanComparison(gpint, euler, ratio);
	}

}
