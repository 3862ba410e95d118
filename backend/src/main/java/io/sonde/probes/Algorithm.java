package io.sonde.probes;

import java.util.Locale;

/** How a plan's probe paths are chosen. */
public enum Algorithm {

	/**
	 * Graph Partitioned INT (paper 001 §III-A): k balanced, maximally disjoint paths that
	 * cover every switch.
	 */
	GPINT,

	/**
	 * INT-Path's Euler baseline: paths that cover every link exactly once, as many as
	 * max(1, odd-degree switches / 2) per connected part of the network.
	 */
	EULER;

	/** The name plans, the API and the command use: {@code gpint} or {@code euler}. */
	public String label() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The algorithm named {@code text}, in any case.
	 * @throws PlanRequestRejected for a name that is none of ours
	 */
	public static Algorithm named(String text) {
		for (Algorithm algorithm : values()) {
			if (algorithm.label().equalsIgnoreCase(text == null ? "" : text.strip())) {
				return algorithm;
			}
		}
		throw new PlanRequestRejected("algorithm", "unknown algorithm '" + text + "', expected gpint or euler");
	}

}
