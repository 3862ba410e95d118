package io.sonde.web.dashboard.alerts;

import java.util.Locale;

import io.sonde.webhooks.DeliveryAttempt;
import io.sonde.webhooks.WebhookDelivery;

/**
 * A delivery as the delivery log and the dead letters say it.
 *
 * @param id the delivery's id (replay names it)
 * @param subscription the subscription's id
 * @param webhookId the {@code webhook-id} the receiver saw
 * @param kind notification, test or replay
 * @param outcome pending, delivered, failed or refused, with the last error
 * @param status the receiver's last HTTP status, or {@code none}
 * @param attempts how many attempts
 * @param latency the last attempt's latency
 * @param at when the notification was made, UTC
 */
public record DeliveryRow(String id, String subscription, String webhookId, String kind, String outcome, String status,
		int attempts, String latency, String at) {

	static DeliveryRow of(WebhookDelivery delivery) {
		String outcome = delivery.status().name().toLowerCase(Locale.ROOT)
				+ ((delivery.error() != null) ? ": " + delivery.error() : "");
		String status = delivery.attempts().isEmpty() ? "none"
				: httpStatus(delivery.attempts().get(delivery.attempts().size() - 1));
		return new DeliveryRow(delivery.id(), delivery.subscriptionId(), delivery.webhookId(),
				delivery.kind().name().toLowerCase(Locale.ROOT)
						+ ((delivery.replayOf() != null) ? " of " + delivery.replayOf() : ""),
				outcome, status, delivery.attempts().size(),
				(delivery.latencyMs() != null) ? delivery.latencyMs() + " ms" : "",
				AlertRow.time(delivery.createdAt()));
	}

	private static String httpStatus(DeliveryAttempt attempt) {
		return (attempt.httpStatus() > 0) ? String.valueOf(attempt.httpStatus()) : "no answer";
	}

}
