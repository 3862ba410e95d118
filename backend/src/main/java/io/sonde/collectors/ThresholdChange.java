package io.sonde.collectors;

import java.time.Instant;
import java.util.Map;

/**
 * One change of the collectors' thresholds, kept for the dashboard to mark on its charts.
 *
 * @param at when it was made
 * @param by who made it (the API token's or the user's name)
 * @param thresholds the metrics it set, by name, to T(m)
 */
public record ThresholdChange(Instant at, String by, Map<String, Long> thresholds) {

	public ThresholdChange {
		thresholds = Map.copyOf(thresholds);
	}

}
