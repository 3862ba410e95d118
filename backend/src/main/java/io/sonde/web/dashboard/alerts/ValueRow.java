package io.sonde.web.dashboard.alerts;

import java.util.TreeMap;
import java.util.stream.Collectors;

import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueReading;

/**
 * A live value a rule may name, with what it reads now.
 *
 * @param name its name ({@code labeling.coverage})
 * @param description what it measures
 * @param unit its unit
 * @param now each series' value now ({@code switch=leaf-1: 0; switch=leaf-2: 12}), or
 * {@code no series}
 */
public record ValueRow(String name, String description, String unit, String now) {

	static ValueRow of(LiveValueReading reading) {
		String now = reading.values().stream().limit(20).map(ValueRow::series).collect(Collectors.joining("; "));
		if (reading.values().size() > 20) {
			now += "; … " + (reading.values().size() - 20) + " more";
		}
		return new ValueRow(reading.name(), reading.description(), reading.unit(), now.isEmpty() ? "no series" : now);
	}

	private static String series(LiveValue value) {
		String labels = new TreeMap<>(value.labels()).entrySet()
			.stream()
			.map((label) -> label.getKey() + "=" + label.getValue())
			.collect(Collectors.joining(" "));
		String number = RuleForm.number(Math.round(value.value() * 1e6) / 1e6);
		return labels.isEmpty() ? number : labels + ": " + number;
	}

}
