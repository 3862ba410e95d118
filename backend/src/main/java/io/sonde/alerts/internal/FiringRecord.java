package io.sonde.alerts.internal;

import java.time.Instant;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;

/**
 * A firing alert as Redis keeps it, so that a restart neither fires it again nor forgets
 * it.
 *
 * @param alert the alert as it fired
 * @param lastNotifiedAt when its last notification (firing or repeat) was published
 * @param rule the rule it fired under: an edit that changes the rule resolves the alerts
 * the edited rule no longer produces
 */
record FiringRecord(Alert alert, Instant lastNotifiedAt, AlertRule rule) {

	/** The same alert with the value last seen. */
	FiringRecord withValue(double value) {
		return new FiringRecord(this.alert.withValue(value), this.lastNotifiedAt, this.rule);
	}

}
