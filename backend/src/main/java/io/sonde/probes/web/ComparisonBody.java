package io.sonde.probes.web;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import io.swagger.v3.oas.annotations.media.Schema;

import io.sonde.probes.Algorithm;
import io.sonde.probes.PlanRequest;

/** GPINT's paths (k or c) against Euler's on the same graph, with one seed for both. */
@Schema(description = "GPINT-k and Euler on the current topology")
record ComparisonBody(
		@Schema(description = "GPINT: the number of paths, at least 1 (not with c)", example = "3") Integer k,
		@Schema(description = "GPINT-c: k = floor(c * switches / 10), above 0 (not with k); "
				+ "without k and c, c = 3", example = "3") Double c,
		@Schema(description = "the seed of both plans; default 0", example = "0") Long seed) {

	PlanRequest gpint() {
		return new PlanRequest(Algorithm.GPINT, PlanBody.optional(this.k), PlanBody.optional(this.c), seedOrZero(),
				Set.of(), Set.of());
	}

	PlanRequest euler() {
		return new PlanRequest(Algorithm.EULER, OptionalInt.empty(), OptionalDouble.empty(), seedOrZero(), Set.of(),
				Set.of());
	}

	private long seedOrZero() {
		return (this.seed != null) ? this.seed : 0;
	}

}
