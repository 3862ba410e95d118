package io.sonde.probes.web;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import io.swagger.v3.oas.annotations.media.Schema;

import io.sonde.probes.Algorithm;
import io.sonde.probes.PlanRequest;

/** What to plan, as the API takes it. */
@Schema(description = "A probe plan over the current topology")
record PlanBody(
		@Schema(description = "gpint or euler", example = "gpint",
				requiredMode = Schema.RequiredMode.REQUIRED) String algorithm,
		@Schema(description = "GPINT: the number of paths, at least 1 (not with c)", example = "3") Integer k,
		@Schema(description = "GPINT-c: k = floor(c * switches / 10), above 0 (not with k); "
				+ "without k and c, c = 3", example = "3") Double c,
		@Schema(description = "ties are broken by the seed: the same seed gives the same plan; default 0",
				example = "0") Long seed) {

	PlanRequest request() {
		return new PlanRequest(Algorithm.named(this.algorithm), optional(this.k), optional(this.c),
				(this.seed != null) ? this.seed : 0, Set.of(), Set.of());
	}

	static OptionalInt optional(Integer value) {
		return (value != null) ? OptionalInt.of(value) : OptionalInt.empty();
	}

	static OptionalDouble optional(Double value) {
		return (value != null) ? OptionalDouble.of(value) : OptionalDouble.empty();
	}

}
