package io.sonde.p4programs.codec;

/**
 * What a GPINT probe decoder accepts beyond the layout: the data plane's bounds. A probe
 * over them is rejected, as a switch drops it.
 *
 * @param maxHops most source-route entries, and most DLV entries, a probe may carry
 * ({@link MalformedTelemetry.Reason#HOP_COUNT_OVER_LIMIT} beyond)
 * @param maxMeasurementsPerHop most measurements one hop may insert or one source-route
 * entry may ask for ({@link MalformedTelemetry.Reason#MEASUREMENT_COUNT_OVER_LIMIT}
 * beyond)
 */
public record ProbeLimits(int maxHops, int maxMeasurementsPerHop) {

	/** The hop bound of the defaults: sonde.p4's MAX_PROBE_HOPS. */
	public static final int DEFAULT_MAX_HOPS = 64;

	/** The per-hop measurement bound of the defaults (GPINT-DECISIONS: at most 16). */
	public static final int DEFAULT_MAX_MEASUREMENTS_PER_HOP = 16;

	/** 64 hops, 16 measurements per hop. */
	public static final ProbeLimits DEFAULT = new ProbeLimits(DEFAULT_MAX_HOPS, DEFAULT_MAX_MEASUREMENTS_PER_HOP);

	public ProbeLimits {
		if (maxHops < 0 || maxMeasurementsPerHop < 0) {
			throw new IllegalArgumentException(
					"probe limits must not be negative: " + maxHops + " hops, " + maxMeasurementsPerHop);
		}
	}

}
