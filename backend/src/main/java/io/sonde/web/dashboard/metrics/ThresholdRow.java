package io.sonde.web.dashboard.metrics;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdChange;
import io.sonde.collectorfleet.ThresholdDefault;
import io.sonde.web.dashboard.events.EventRate;

/**
 * One metric's threshold T(m) as the Metrics page shows it.
 *
 * @param metric the Table I metric
 * @param value T(m) now (unsigned 64-bit)
 * @param defaultValue Sonde's default
 * @param atDefault whether the value is the default
 * @param unit what the value counts
 * @param reason why the default is what it is
 */
public record ThresholdRow(String metric, BigInteger value, BigInteger defaultValue, boolean atDefault, String unit,
		String reason) {

	/** Every metric that has a default T(m), in the order of the defaults. */
	static List<ThresholdRow> of(CollectorThresholds thresholds) {
		Map<String, BigInteger> current = thresholds.current();
		List<ThresholdRow> rows = new ArrayList<>();
		for (ThresholdDefault preset : thresholds.defaults()) {
			BigInteger value = current.getOrDefault(preset.metric(), preset.value());
			rows.add(new ThresholdRow(preset.metric(), value, preset.value(), value.equals(preset.value()),
					preset.unit(), preset.reason()));
		}
		return rows;
	}

	/** "queue_occupancy → 500 (operator)" at the second of each recorded change. */
	static List<EventRate.Mark> marks(List<ThresholdChange> changes) {
		return changes.stream()
			.map((change) -> new EventRate.Mark(change.at().getEpochSecond(),
					new TreeMap<>(change.thresholds()).entrySet()
						.stream()
						.map((entry) -> entry.getKey() + " \u2192 " + entry.getValue())
						.collect(Collectors.joining(", ")) + " (" + change.by() + ")"))
			.toList();
	}

}
