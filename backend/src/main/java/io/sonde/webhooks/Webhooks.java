package io.sonde.webhooks;

import java.time.Duration;
import java.util.List;

/** The webhooks module's face: subscriptions, their deliveries and dead letters. */
public interface Webhooks {

	List<Subscription> subscriptions();

	/**
	 * @throws SubscriptionNotFound when there is none with this id
	 */
	Subscription subscription(String id);

	/**
	 * Stores a new subscription with a fresh secret.
	 * @throws SubscriptionRejected naming the field at fault (the URL's destination too)
	 * @throws SubscriptionExists when the id is taken
	 */
	CreatedSubscription create(SubscriptionRequest request);

	/** Replaces a subscription's settings; its secret stays. */
	Subscription update(String id, SubscriptionRequest request);

	void delete(String id);

	/** A new secret; the previous one keeps signing for {@code grace}. */
	RotatedSecret rotateSecret(String id, Duration grace);

	/** Sends a synthetic alert now, outside grouping; answers the delivery as logged. */
	WebhookDelivery sendTest(String id);

	/** The subscription's latest deliveries, newest first. */
	List<WebhookDelivery> deliveries(String subscriptionId, int limit);

	/** Deliveries that failed for good, newest first. */
	List<WebhookDelivery> deadLetters(int limit);

	/**
	 * Sends a logged delivery's body again as a new delivery; the {@code webhook-id}
	 * stays.
	 */
	WebhookDelivery replay(String deliveryId);

}
