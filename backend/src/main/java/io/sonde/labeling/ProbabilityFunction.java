package io.sonde.labeling;

/**
 * Base B's labeling probability by the item count n a packet carries (paper §6): F1 f(0)
 * = 0, f(n >= 1) = 1; F2 f(n) = n / (MAX_hop - 1) capped at 1; F3 F2 scaled by the
 * elapsed share of the interval.
 */
public enum ProbabilityFunction {

	F1, F2, F3

}
