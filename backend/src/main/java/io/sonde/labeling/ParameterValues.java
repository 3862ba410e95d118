package io.sonde.labeling;

/**
 * Labeling parameters as written in a document: every field optional (the network-wide
 * values fall back to {@link LabelingParameters#DEFAULTS}, a switch's overrides to the
 * network-wide values). Enumerations are text so that a bad one is named by its field
 * rather than refused by the JSON reader.
 *
 * @param mode {@code A}, {@code B} or {@code PRO}
 * @param intervalMs T in milliseconds (1..10,000)
 * @param restMs T1 in milliseconds (0..T)
 * @param k the aging factor (1..100)
 * @param probability {@code F1}, {@code F2} or {@code F3}
 * @param maxHop MAX_hop (2..8)
 * @param telemetryIntervalMs Ti in milliseconds (10..60,000)
 */
public record ParameterValues(String mode, Integer intervalMs, Integer restMs, Integer k, String probability,
		Integer maxHop, Integer telemetryIntervalMs) {

	/** Nothing set. */
	public static final ParameterValues NONE = new ParameterValues(null, null, null, null, null, null, null);

	/** Every field of {@code parameters}, set. */
	public static ParameterValues of(LabelingParameters parameters) {
		return new ParameterValues(parameters.mode().name(), parameters.intervalMs(), parameters.restMs(),
				parameters.k(), parameters.probability().name(), parameters.maxHop(), parameters.telemetryIntervalMs());
	}

}
