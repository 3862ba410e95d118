package io.sonde.alerts;

import java.util.List;

/**
 * A live-value source and what it reads now: what a rule may name.
 *
 * @param name the source's name
 * @param description what it measures
 * @param unit its unit
 * @param values its series now
 */
public record LiveValueReading(String name, String description, String unit, List<LiveValue> values) {

	public LiveValueReading {
		values = List.copyOf(values);
	}

}
