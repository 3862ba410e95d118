package io.sonde.store;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a time series: a measurement (a table in QuestDB), its tags (indexed
 * symbols), its fields (numbers or strings) and the instant it describes.
 */
public record MetricPoint(String measurement, Map<String, String> tags, Map<String, Object> fields, Instant time) {

	public MetricPoint {
		Objects.requireNonNull(measurement, "measurement");
		Objects.requireNonNull(time, "time");
		tags = Map.copyOf(tags);
		fields = Map.copyOf(fields);
		if (fields.isEmpty()) {
			throw new IllegalArgumentException("a point needs at least one field: " + measurement);
		}
	}

}
