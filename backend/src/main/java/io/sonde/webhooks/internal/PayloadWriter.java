package io.sonde.webhooks.internal;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertStatus;
import io.sonde.webhooks.AlertmanagerWebhookPayload;
import io.sonde.webhooks.SondeWebhookPayload;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.WebhookFormat;

/** Writes a group's alerts as the body of the subscription's format. */
final class PayloadWriter {

	static final String GO_ZERO_TIME = "0001-01-01T00:00:00Z";

	private final ObjectMapper json;

	private final String externalUrl;

	PayloadWriter(ObjectMapper json, String externalUrl) {
		this.json = json;
		this.externalUrl = externalUrl.endsWith("/") ? externalUrl.substring(0, externalUrl.length() - 1) : externalUrl;
	}

	String write(Subscription subscription, String type, String groupKey, Map<String, String> groupLabels,
			List<Alert> alerts, Instant at) {
		Object body = (subscription.format() == WebhookFormat.ALERTMANAGER_V4)
				? alertmanager(subscription, groupKey, groupLabels, alerts)
				: sonde(subscription, type, groupKey, groupLabels, alerts, at);
		try {
			return this.json.writeValueAsString(body);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("payload records always serialise", ex);
		}
	}

	private SondeWebhookPayload sonde(Subscription subscription, String type, String groupKey,
			Map<String, String> groupLabels, List<Alert> alerts, Instant at) {
		List<SondeWebhookPayload.AlertEntry> entries = alerts.stream()
			.map((alert) -> new SondeWebhookPayload.AlertEntry(alert.fingerprint(), alert.ruleId(), alert.ruleName(),
					alert.severity().json(), status(alert), alert.labels(), alert.annotations(), alert.startsAt(),
					alert.endsAt(), alert.value()))
			.toList();
		return new SondeWebhookPayload(type, at, new SondeWebhookPayload.Data(subscription.id(), groupKey,
				groupStatus(alerts), new TreeMap<>(groupLabels), common(alerts, true), alertsPage(), entries));
	}

	private AlertmanagerWebhookPayload alertmanager(Subscription subscription, String groupKey,
			Map<String, String> groupLabels, List<Alert> alerts) {
		List<AlertmanagerWebhookPayload.AlertmanagerAlert> entries = alerts.stream()
			.map((alert) -> new AlertmanagerWebhookPayload.AlertmanagerAlert(status(alert), alert.labels(),
					new TreeMap<>(alert.annotations()), rfc3339(alert.startsAt()),
					(alert.endsAt() != null) ? rfc3339(alert.endsAt()) : GO_ZERO_TIME,
					alertsPage() + "?rule=" + alert.ruleId(), alert.fingerprint()))
			.toList();
		return new AlertmanagerWebhookPayload("4", groupKey, 0, groupStatus(alerts), subscription.name(),
				new TreeMap<>(groupLabels), common(alerts, true), common(alerts, false), this.externalUrl, entries);
	}

	private String alertsPage() {
		return this.externalUrl + "/alerts";
	}

	private static String status(Alert alert) {
		return (alert.status() == AlertStatus.FIRING) ? "firing" : "resolved";
	}

	private static String groupStatus(List<Alert> alerts) {
		return alerts.stream().anyMatch((alert) -> alert.status() == AlertStatus.FIRING) ? "firing" : "resolved";
	}

	/** The labels (or annotations) every alert holds with the same value. */
	private static Map<String, String> common(List<Alert> alerts, boolean labels) {
		Map<String, String> common = null;
		for (Alert alert : alerts) {
			Map<String, String> own = labels ? alert.labels() : alert.annotations();
			if (common == null) {
				common = new HashMap<>(own);
			}
			else {
				common.entrySet().removeIf((entry) -> !Objects.equals(own.get(entry.getKey()), entry.getValue()));
			}
		}
		return (common != null) ? new TreeMap<>(common) : Map.of();
	}

	private static String rfc3339(Instant at) {
		return DateTimeFormatter.ISO_INSTANT.format(at.atOffset(ZoneOffset.UTC));
	}

}
