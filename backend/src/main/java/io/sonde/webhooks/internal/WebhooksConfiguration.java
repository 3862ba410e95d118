package io.sonde.webhooks.internal;

import java.time.Clock;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.store.RedisStateOfRecord;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The webhooks module's beans. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhooksProperties.class)
class WebhooksConfiguration {

	@Bean
	DestinationGuard webhookDestinationGuard(WebhooksProperties properties) {
		return new DestinationGuard(properties.allowedDestinations());
	}

	@Bean
	RedisWebhookStore redisWebhookStore(StringRedisTemplate redis, ObjectMapper json, WebhooksProperties properties) {
		return new RedisWebhookStore(redis, json, properties.logSize(), properties.deadLetterSize());
	}

	@Bean
	PayloadWriter webhookPayloadWriter(ObjectMapper json, WebhooksProperties properties) {
		return new PayloadWriter(json, properties.externalUrl());
	}

	@Bean
	DeliveryDispatcher webhookDeliveryDispatcher(RedisWebhookStore store, DestinationGuard guard,
			WebhooksProperties properties, Clock clock) {
		return new DeliveryDispatcher(store, new WebhookSender(guard, properties, clock), properties, clock);
	}

	@Bean(destroyMethod = "shutdown")
	NotificationGrouper webhookNotificationGrouper(RedisWebhookStore store, DeliveryDispatcher dispatcher,
			PayloadWriter payloads, Clock clock) {
		return new NotificationGrouper(store, dispatcher, payloads, clock);
	}

	@Bean
	StoredWebhooks storedWebhooks(RedisWebhookStore store, DestinationGuard guard, DeliveryDispatcher dispatcher,
			PayloadWriter payloads, Clock clock) {
		return new StoredWebhooks(store, new SubscriptionCheck(guard, clock), dispatcher, payloads, clock);
	}

	/**
	 * Subscriptions and their secrets are state of record; the log and dead letters are
	 * not.
	 */
	@Bean
	RedisStateOfRecord webhookSubscriptionsState() {
		return new RedisStateOfRecord("webhook subscriptions and their secrets",
				List.of(RedisWebhookStore.SUBSCRIPTIONS, RedisWebhookStore.SECRETS),
				"create them again: POST /api/v1/webhooks/subscriptions (receivers need the new secrets)");
	}

}
