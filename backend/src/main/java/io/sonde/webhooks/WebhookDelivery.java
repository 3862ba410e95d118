package io.sonde.webhooks;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A notification sent to one subscription, as the delivery log keeps it.
 *
 * @param id the delivery's own id (replay names it)
 * @param subscriptionId the subscription
 * @param webhookId the {@code webhook-id} header: the same on every attempt and on a
 * replay, the receiver's idempotency key
 * @param kind notification, test or replay
 * @param status where it stands
 * @param createdAt when the notification was made
 * @param attempts every HTTP attempt so far, oldest first
 * @param replayOf the delivery this one replays, or null
 */
@JsonIgnoreProperties(value = { "latencyMs", "error" }, allowGetters = true)
public record WebhookDelivery(String id, String subscriptionId, String webhookId, DeliveryKind kind,
		DeliveryStatus status, Instant createdAt, List<DeliveryAttempt> attempts, String replayOf) {

	public WebhookDelivery {
		attempts = List.copyOf(attempts);
	}

	/** The latest attempt's latency, or null before the first. */
	@JsonProperty
	public Long latencyMs() {
		return this.attempts.isEmpty() ? null : this.attempts.get(this.attempts.size() - 1).latencyMs();
	}

	/** The latest attempt's error, or null. */
	@JsonProperty
	public String error() {
		return this.attempts.isEmpty() ? null : this.attempts.get(this.attempts.size() - 1).error();
	}

}
