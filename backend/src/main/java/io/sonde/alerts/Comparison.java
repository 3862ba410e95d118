package io.sonde.alerts;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Which side of its bound a live value must be for its rule to fire; lowercase in JSON.
 */
public enum Comparison {

	ABOVE, BELOW;

	/** Whether {@code value} is past {@code bound} on this side (strictly). */
	public boolean past(double value, double bound) {
		return (this == ABOVE) ? value > bound : value < bound;
	}

	@JsonValue
	public String json() {
		return name().toLowerCase(Locale.ROOT);
	}

	@JsonCreator
	public static Comparison fromJson(String text) {
		for (Comparison comparison : values()) {
			if (comparison.name().equalsIgnoreCase(text)) {
				return comparison;
			}
		}
		throw new IllegalArgumentException("comparison must be above or below, not '" + text + "'");
	}

}
