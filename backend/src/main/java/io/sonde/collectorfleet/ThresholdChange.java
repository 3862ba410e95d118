package io.sonde.collectorfleet;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;

/**
 * One change of the collectors' thresholds, kept for the dashboard to mark on its charts.
 *
 * @param at when it was made
 * @param by who made it (the API token's or the user's name; {@value #DEFAULTS} when
 * Sonde wrote a default)
 * @param thresholds the metrics it set, by name, to T(m) (unsigned 64-bit)
 */
public record ThresholdChange(Instant at, String by, Map<String, BigInteger> thresholds) {

	/** The author of a change that wrote defaults where the hash had no value. */
	public static final String DEFAULTS = "sonde defaults";

	public ThresholdChange {
		thresholds = Map.copyOf(thresholds);
	}

}
