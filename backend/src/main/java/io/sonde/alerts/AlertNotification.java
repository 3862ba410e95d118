package io.sonde.alerts;

import java.time.Instant;

/**
 * Published (a Spring application event) once when an alert fires, every rule's
 * {@code repeatInterval} while it fires, and once when it resolves. Listeners hand the
 * work off at once: the rule engine publishes from its evaluation thread.
 *
 * @param id unique per notification (a retried delivery of it keeps this id)
 * @param kind why it was published
 * @param alert the alert as it is at {@code at}
 * @param at when it was published
 */
public record AlertNotification(String id, Kind kind, Alert alert, Instant at) {

	/** Why a notification was published. */
	public enum Kind {

		FIRING, REPEAT, RESOLVED

	}

}
