package io.sonde.web.dashboard.probes;

import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

import io.sonde.probes.Algorithm;
import io.sonde.probes.PlanRequest;

/**
 * The Probes page's plan controls as its requests carry them (query parameters, text):
 * GPINT's size as k or as GPINT-c, and a seed. Parsed here so a bad value is a 400 naming
 * its field, before the planner sees it.
 *
 * @param k the number of GPINT paths, or empty
 * @param c the GPINT-c factor, or empty
 * @param seed breaks the planners' ties
 */
record PlanChoice(OptionalInt k, OptionalDouble c, long seed) {

	static PlanChoice parse(String k, String c, String seed) {
		return new PlanChoice(blank(k) ? OptionalInt.empty() : OptionalInt.of(whole("k", k)),
				blank(c) ? OptionalDouble.empty() : OptionalDouble.of(decimal("c", c)),
				blank(seed) ? 0 : whole("seed", seed));
	}

	/**
	 * GPINT's request; the planner rejects k and c together, k below 1, c not above 0.
	 */
	PlanRequest gpint() {
		return new PlanRequest(Algorithm.GPINT, this.k, this.c, this.seed, Set.of(), Set.of());
	}

	/** Euler's request: its path count follows from the graph, so only the seed. */
	PlanRequest euler() {
		return PlanRequest.euler(this.seed);
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

	private static int whole(String field, String text) {
		try {
			return Integer.parseInt(text.strip());
		}
		catch (NumberFormatException ex) {
			throw new InvalidProbeRequest(field, "'" + text + "' is not a whole number");
		}
	}

	private static double decimal(String field, String text) {
		try {
			return Double.parseDouble(text.strip());
		}
		catch (NumberFormatException ex) {
			throw new InvalidProbeRequest(field, "'" + text + "' is not a number");
		}
	}

}
