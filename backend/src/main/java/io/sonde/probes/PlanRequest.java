package io.sonde.probes;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What to plan. GPINT takes the number of paths as {@code k} or as the paper's GPINT-c
 * ({@code k = floor(c * |V| / 10)}, at least 1); neither means c = 3 (GPINT-3, the
 * paper's usual choice); Euler takes neither. Avoided switches and links are removed from
 * the graph before planning: the closed loop re-plans around components marked
 * unavailable.
 *
 * @param algorithm GPINT or Euler
 * @param k paths wanted, at least 1
 * @param c the GPINT-c factor, above 0
 * @param seed the same seed on the same graph gives the same plan
 * @param avoidSwitches switches no path may visit
 * @param avoidLinks links no path may walk
 * @throws PlanRequestRejected naming the field: k below 1, c not above 0, k and c both,
 * either given for Euler
 */
public record PlanRequest(Algorithm algorithm, OptionalInt k, OptionalDouble c, long seed, Set<String> avoidSwitches,
		Set<Link> avoidLinks) {

	/** GPINT-c's factor when neither k nor c is given. */
	public static final double DEFAULT_C = 3;

	public PlanRequest {
		if (algorithm == null) {
			throw new PlanRequestRejected("algorithm", "required, gpint or euler");
		}
		k = Objects.requireNonNullElse(k, OptionalInt.empty());
		c = Objects.requireNonNullElse(c, OptionalDouble.empty());
		if (k.isPresent() && c.isPresent()) {
			throw new PlanRequestRejected("k", "give k or c, not both");
		}
		if (k.isPresent() && k.getAsInt() < 1) {
			throw new PlanRequestRejected("k", "must be at least 1, got " + k.getAsInt());
		}
		if (c.isPresent() && !(c.getAsDouble() > 0 && Double.isFinite(c.getAsDouble()))) {
			throw new PlanRequestRejected("c", "must be a finite number above 0, got " + c.getAsDouble());
		}
		if (algorithm == Algorithm.EULER && (k.isPresent() || c.isPresent())) {
			throw new PlanRequestRejected(k.isPresent() ? "k" : "c",
					"the Euler plan's path count follows from the graph; give neither k nor c");
		}
		avoidSwitches = Set.copyOf(Objects.requireNonNullElse(avoidSwitches, Set.of()));
		avoidLinks = Set.copyOf(Objects.requireNonNullElse(avoidLinks, Set.of()));
	}

	public static PlanRequest gpint(int k, long seed) {
		return new PlanRequest(Algorithm.GPINT, OptionalInt.of(k), OptionalDouble.empty(), seed, Set.of(), Set.of());
	}

	public static PlanRequest gpintC(double c, long seed) {
		return new PlanRequest(Algorithm.GPINT, OptionalInt.empty(), OptionalDouble.of(c), seed, Set.of(), Set.of());
	}

	public static PlanRequest euler(long seed) {
		return new PlanRequest(Algorithm.EULER, OptionalInt.empty(), OptionalDouble.empty(), seed, Set.of(), Set.of());
	}

	/** The same request around these switches and links. */
	public PlanRequest avoiding(Set<String> switches, Set<Link> links) {
		return new PlanRequest(this.algorithm, this.k, this.c, this.seed, switches, links);
	}

	/**
	 * The number of GPINT paths for a graph of {@code switches} switches: k as given,
	 * else floor(c * switches / 10) with c defaulting to {@link #DEFAULT_C}, at least 1.
	 */
	public int pathsFor(int switches) {
		if (this.k.isPresent()) {
			return this.k.getAsInt();
		}
		double factor = this.c.orElse(DEFAULT_C);
		return Math.max(1, (int) Math.floor(factor * switches / 10.0));
	}

}
