package io.sonde.webhooks.internal;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.AlertStatus;

/** Alerts as the rule engine makes them, for the webhook tests. */
final class Alerts {

	private Alerts() {
	}

	static Alert firing(String rule, Map<String, String> seriesLabels, Instant startsAt) {
		TreeMap<String, String> labels = new TreeMap<>(seriesLabels);
		labels.put("alertname", rule);
		labels.put("severity", "warning");
		labels.put("rule_id", rule);
		return new Alert(Alert.fingerprintOf(labels), rule, rule, AlertSeverity.WARNING, AlertStatus.FIRING, labels,
				Map.of("summary", rule + " fired"), startsAt, null, 0.5);
	}

}
