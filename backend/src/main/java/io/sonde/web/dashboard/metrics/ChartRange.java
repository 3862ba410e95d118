package io.sonde.web.dashboard.metrics;

import java.time.Duration;
import java.util.Map;

/**
 * The ranges and resolutions the Metrics page offers, by their labels ({@code 15m},
 * {@code 10s}); a chart has at most {@value #MAX_POINTS} points.
 */
final class ChartRange {

	static final int MAX_POINTS = 5_000;

	static final Map<String, Duration> RANGES = Map.of("5m", Duration.ofMinutes(5), "15m", Duration.ofMinutes(15), "1h",
			Duration.ofHours(1), "6h", Duration.ofHours(6), "24h", Duration.ofHours(24));

	static final Map<String, Duration> RESOLUTIONS = Map.of("1s", Duration.ofSeconds(1), "10s", Duration.ofSeconds(10),
			"1m", Duration.ofMinutes(1), "5m", Duration.ofMinutes(5));

	private ChartRange() {
	}

	static Duration range(String label) {
		Duration range = RANGES.get(label);
		if (range == null) {
			throw new InvalidMetricRequest("range", "'" + label + "' is not one of 5m, 15m, 1h, 6h, 24h");
		}
		return range;
	}

	static Duration resolution(String label, Duration range) {
		Duration resolution = RESOLUTIONS.get(label);
		if (resolution == null) {
			throw new InvalidMetricRequest("resolution", "'" + label + "' is not one of 1s, 10s, 1m, 5m");
		}
		if (range.dividedBy(resolution) > MAX_POINTS) {
			throw new InvalidMetricRequest("resolution",
					"'" + label + "' gives more than " + MAX_POINTS + " points over the range; choose a coarser one");
		}
		return resolution;
	}

}
