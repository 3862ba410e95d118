package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.AlertStatus;
import io.sonde.webhooks.CreatedSubscription;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.DeliveryNotFound;
import io.sonde.webhooks.RotatedSecret;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionExists;
import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.Webhooks;

/** The webhooks face over the Redis store, the dispatcher and the payload writer. */
final class StoredWebhooks implements Webhooks {

	private static final Duration LONGEST_GRACE = Duration.ofDays(7);

	private final RedisWebhookStore store;

	private final SubscriptionCheck check;

	private final DeliveryDispatcher dispatcher;

	private final PayloadWriter payloads;

	private final Clock clock;

	StoredWebhooks(RedisWebhookStore store, SubscriptionCheck check, DeliveryDispatcher dispatcher,
			PayloadWriter payloads, Clock clock) {
		this.store = store;
		this.check = check;
		this.dispatcher = dispatcher;
		this.payloads = payloads;
		this.clock = clock;
	}

	@Override
	public List<Subscription> subscriptions() {
		return this.store.subscriptions();
	}

	@Override
	public Subscription subscription(String id) {
		return this.store.subscription(id).orElseThrow(() -> new SubscriptionNotFound(id));
	}

	@Override
	public CreatedSubscription create(SubscriptionRequest request) {
		Subscription subscription = this.check.created(request);
		String secret = WebhookSignature.newSecret();
		if (!this.store.create(subscription, new StoredSecrets(secret, null, null))) {
			throw new SubscriptionExists(subscription.id());
		}
		return new CreatedSubscription(subscription, secret);
	}

	@Override
	public Subscription update(String id, SubscriptionRequest request) {
		Subscription updated = this.check.updated(subscription(id), request);
		this.store.update(updated);
		return updated;
	}

	@Override
	public void delete(String id) {
		subscription(id);
		this.store.delete(id);
	}

	@Override
	public RotatedSecret rotateSecret(String id, Duration grace) {
		if (grace == null || grace.isNegative() || grace.compareTo(LONGEST_GRACE) > 0) {
			throw new SubscriptionRejected("grace", "grace must be between 0s and 7 days");
		}
		Subscription subscription = subscription(id);
		StoredSecrets was = this.store.secrets(id).orElseThrow(() -> new SubscriptionNotFound(id));
		Instant now = this.clock.instant();
		String secret = WebhookSignature.newSecret();
		Instant until = now.plus(grace);
		this.store.saveSecrets(id, new StoredSecrets(secret, was.current(), until));
		this.store
			.update(new Subscription(subscription.id(), subscription.name(), subscription.url(), subscription.enabled(),
					subscription.format(), subscription.ruleIds(), subscription.matchLabels(), subscription.groupBy(),
					subscription.groupWait(), subscription.groupInterval(), subscription.createdAt(), now));
		return new RotatedSecret(id, secret, until);
	}

	@Override
	public WebhookDelivery sendTest(String id) {
		Subscription subscription = subscription(id);
		Instant now = this.clock.instant();
		TreeMap<String, String> labels = new TreeMap<>(Map.of("alertname", "sonde webhook test", "severity", "info",
				"rule_id", "webhook-test", "subscription", id));
		Alert alert = new Alert(Alert.fingerprintOf(labels), "webhook-test", "sonde webhook test", AlertSeverity.INFO,
				AlertStatus.FIRING, labels, Map.of("summary", "A test notification sent from Sonde's webhook settings"),
				now, null, 1.0);
		Map<String, String> groupLabels = Map.of("alertname", "sonde webhook test");
		String body = this.payloads.write(subscription, "alerts.test",
				NotificationGrouper.groupKey(id, new TreeMap<>(groupLabels)), groupLabels, List.of(alert), now);
		return this.dispatcher.enqueue(subscription, DeliveryKind.TEST, "msg_" + UUID.randomUUID(), body, null);
	}

	@Override
	public List<WebhookDelivery> deliveries(String subscriptionId, int limit) {
		subscription(subscriptionId);
		return this.store.log(subscriptionId, limit).stream().map(LoggedDelivery::delivery).toList();
	}

	@Override
	public List<WebhookDelivery> deadLetters(int limit) {
		return this.store.deadLetters(limit).stream().map(LoggedDelivery::delivery).toList();
	}

	/**
	 * The same body under the same {@code webhook-id}: Standard Webhooks makes the id the
	 * message's idempotency key, and a replay resends the same message (a receiver that
	 * already processed it may ignore it). The signature and timestamp are new.
	 */
	@Override
	public WebhookDelivery replay(String deliveryId) {
		LoggedDelivery logged = this.store.find(deliveryId).orElseThrow(() -> new DeliveryNotFound(deliveryId));
		Subscription subscription = subscription(logged.delivery().subscriptionId());
		return this.dispatcher.enqueue(subscription, DeliveryKind.REPLAY, logged.delivery().webhookId(), logged.body(),
				deliveryId);
	}

}
