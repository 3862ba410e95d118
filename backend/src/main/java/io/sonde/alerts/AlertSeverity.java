package io.sonde.alerts;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How urgent an alert is; lowercase in JSON ({@code info}, {@code warning},
 * {@code critical}).
 */
public enum AlertSeverity {

	INFO, WARNING, CRITICAL;

	@JsonValue
	public String json() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** Either case; null for anything else, so the rule check names the field. */
	@JsonCreator
	public static AlertSeverity fromJson(String text) {
		for (AlertSeverity severity : values()) {
			if (severity.name().equalsIgnoreCase(text)) {
				return severity;
			}
		}
		throw new IllegalArgumentException("severity must be info, warning or critical, not '" + text + "'");
	}

}
