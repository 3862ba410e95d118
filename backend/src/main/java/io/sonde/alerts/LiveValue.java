package io.sonde.alerts;

import java.util.Map;

/**
 * One series of a live value now.
 *
 * @param labels what tells the series apart ({@code switch}, {@code collector},
 * {@code link}...); empty for a single-series value
 * @param value the value now
 */
public record LiveValue(Map<String, String> labels, double value) {

	public LiveValue {
		labels = (labels != null) ? Map.copyOf(labels) : Map.of();
	}

}
