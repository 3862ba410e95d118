package io.sonde.webhooks;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The body a subscription receives: Sonde's own JSON or Alertmanager's webhook v4. */
public enum WebhookFormat {

	SONDE("sonde"), ALERTMANAGER_V4("alertmanager-v4");

	private final String wire;

	WebhookFormat(String wire) {
		this.wire = wire;
	}

	@JsonValue
	public String wire() {
		return this.wire;
	}

	/** The format a request names, or null when it names none we know. */
	@JsonCreator
	public static WebhookFormat fromWire(String wire) {
		for (WebhookFormat format : values()) {
			if (format.wire.equalsIgnoreCase(wire) || format.name().equalsIgnoreCase(wire)) {
				return format;
			}
		}
		return null;
	}

}
