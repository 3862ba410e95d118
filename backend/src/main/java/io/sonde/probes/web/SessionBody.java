package io.sonde.probes.web;

import io.swagger.v3.oas.annotations.media.Schema;

import io.sonde.probes.Algorithm;
import io.sonde.probes.SessionRequest;

/** What to probe now, as the API takes it; every field is optional. */
@Schema(description = "A probing session to run now; absent fields take the configured sonde.probes.* values")
record SessionBody(@Schema(description = "gpint or euler", example = "gpint") String algorithm,
		@Schema(description = "GPINT: the number of paths, at least 1 (not with c)", example = "3") Integer k,
		@Schema(description = "GPINT-c: k = floor(c * switches / 10), above 0 (not with k)", example = "3") Double c,
		@Schema(description = "paper (t_f 1.5 s, r_a 10) or fine-tuned (t_f 0.4 s, r_a 2)",
				example = "fine-tuned") String profile) {

	SessionRequest request() {
		return new SessionRequest((this.algorithm != null) ? Algorithm.named(this.algorithm) : null, this.k, this.c,
				this.profile);
	}

}
