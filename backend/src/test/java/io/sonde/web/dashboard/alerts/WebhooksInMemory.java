package io.sonde.web.dashboard.alerts;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.CreatedSubscription;
import io.sonde.webhooks.DeliveryAttempt;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.DeliveryNotFound;
import io.sonde.webhooks.DeliveryStatus;
import io.sonde.webhooks.RotatedSecret;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionNotFound;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookDelivery;
import io.sonde.webhooks.WebhookFormat;
import io.sonde.webhooks.Webhooks;

/**
 * The webhooks module's face as the page's slice tests need it: subscriptions and
 * deliveries in memory, refusing a URL that is not http(s) as the module does (naming
 * {@code url}); a test send is logged delivered, as a receiver that answers 204 would.
 */
class WebhooksInMemory implements Webhooks {

	final Map<String, Subscription> subscriptions = new LinkedHashMap<>();

	final Map<String, String> secrets = new LinkedHashMap<>();

	final List<WebhookDelivery> deliveries = new ArrayList<>();

	private final Clock clock;

	private int made;

	WebhooksInMemory(Clock clock) {
		this.clock = clock;
	}

	@Override
	public List<Subscription> subscriptions() {
		return List.copyOf(this.subscriptions.values());
	}

	@Override
	public Subscription subscription(String id) {
		Subscription subscription = this.subscriptions.get(id);
		if (subscription == null) {
			throw new SubscriptionNotFound(id);
		}
		return subscription;
	}

	@Override
	public CreatedSubscription create(SubscriptionRequest request) {
		String id = request.name().toLowerCase().replaceAll("[^a-z0-9]+", "-");
		Subscription subscription = of(id, request);
		this.subscriptions.put(id, subscription);
		String secret = "whsec_" + "c2VjcmV0LW51bWJlci0" + (++this.made) + "AAAAAAAAAAAAAAAA";
		this.secrets.put(id, secret);
		return new CreatedSubscription(subscription, secret);
	}

	@Override
	public Subscription update(String id, SubscriptionRequest request) {
		subscription(id);
		Subscription subscription = of(id, request);
		this.subscriptions.put(id, subscription);
		return subscription;
	}

	@Override
	public void delete(String id) {
		subscription(id);
		this.subscriptions.remove(id);
	}

	@Override
	public RotatedSecret rotateSecret(String id, Duration grace) {
		subscription(id);
		String secret = "whsec_" + "cm90YXRlZC1zZWNyZXQt" + (++this.made) + "AAAAAAAAAAAAAAAA";
		this.secrets.put(id, secret);
		return new RotatedSecret(id, secret, this.clock.instant().plus(grace));
	}

	@Override
	public WebhookDelivery sendTest(String id) {
		subscription(id);
		return logged(id, DeliveryKind.TEST, "msg_test" + (++this.made), null);
	}

	@Override
	public List<WebhookDelivery> deliveries(String subscriptionId, int limit) {
		return this.deliveries.stream()
			.filter((delivery) -> delivery.subscriptionId().equals(subscriptionId))
			.limit(limit)
			.toList();
	}

	@Override
	public List<WebhookDelivery> deadLetters(int limit) {
		return this.deliveries.stream()
			.filter((delivery) -> delivery.status() == DeliveryStatus.FAILED)
			.limit(limit)
			.toList();
	}

	@Override
	public WebhookDelivery replay(String deliveryId) {
		WebhookDelivery original = this.deliveries.stream()
			.filter((delivery) -> delivery.id().equals(deliveryId))
			.findFirst()
			.orElseThrow(() -> new DeliveryNotFound(deliveryId));
		return logged(original.subscriptionId(), DeliveryKind.REPLAY, original.webhookId(), original.id());
	}

	WebhookDelivery failed(String subscriptionId, String webhookId) {
		WebhookDelivery delivery = new WebhookDelivery("d" + (++this.made), subscriptionId, webhookId,
				DeliveryKind.NOTIFICATION, DeliveryStatus.FAILED, this.clock.instant(),
				List.of(new DeliveryAttempt(this.clock.instant(), 503, 41, "503 Service Unavailable")), null);
		this.deliveries.add(0, delivery);
		return delivery;
	}

	private WebhookDelivery logged(String subscriptionId, DeliveryKind kind, String webhookId, String replayOf) {
		WebhookDelivery delivery = new WebhookDelivery("d" + (++this.made), subscriptionId, webhookId, kind,
				DeliveryStatus.DELIVERED, this.clock.instant(),
				List.of(new DeliveryAttempt(this.clock.instant(), 204, 7, null)), replayOf);
		this.deliveries.add(0, delivery);
		return delivery;
	}

	private static Subscription of(String id, SubscriptionRequest request) {
		if (request.url() == null || !request.url().matches("https?://.+")) {
			throw new SubscriptionRejected("url", "the URL must be http:// or https://");
		}
		WebhookFormat format = WebhookFormat.fromWire(request.format());
		if (format == null) {
			throw new SubscriptionRejected("format", "the format is sonde or alertmanager-v4");
		}
		return new Subscription(id, request.name(), request.url(), !Boolean.FALSE.equals(request.enabled()), format,
				request.ruleIds(), request.matchLabels(),
				request.groupBy().isEmpty() ? List.of("alertname") : request.groupBy(),
				AlertDurations.parse(Objects.requireNonNullElse(request.groupWait(), "30s")),
				AlertDurations.parse(Objects.requireNonNullElse(request.groupInterval(), "5m")), null, null);
	}

}
