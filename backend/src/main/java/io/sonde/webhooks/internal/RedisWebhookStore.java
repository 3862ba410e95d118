package io.sonde.webhooks.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.core.redis.RedisJson;
import io.sonde.webhooks.Subscription;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Subscriptions, their secrets, pending deliveries, the delivery log and the dead letters
 * in Redis. Pending deliveries live in their own hash so a restart finds and retries
 * them. Redis failing is Spring's {@code DataAccessException} as it comes: the module has
 * no error of its own for it.
 */
final class RedisWebhookStore {

	static final String SUBSCRIPTIONS = "sonde:webhooks:subscriptions";

	static final String SECRETS = "sonde:webhooks:secrets";

	static final String PENDING = "sonde:webhooks:pending";

	static final String DELIVERIES = "sonde:webhooks:deliveries";

	static final String LOG_PREFIX = "sonde:webhooks:log:";

	static final String DEAD_LETTERS = "sonde:webhooks:dead-letters";

	private final StringRedisTemplate redis;

	private final RedisJson store;

	private final int logSize;

	private final int deadLetterSize;

	RedisWebhookStore(StringRedisTemplate redis, ObjectMapper json, int logSize, int deadLetterSize) {
		this.redis = redis;
		this.store = new RedisJson(redis, json, (ex) -> ex);
		this.logSize = logSize;
		this.deadLetterSize = deadLetterSize;
	}

	List<Subscription> subscriptions() {
		List<Subscription> subscriptions = this.store.hashValues(SUBSCRIPTIONS, Subscription.class);
		subscriptions.sort(Comparator.comparing(Subscription::id));
		return List.copyOf(subscriptions);
	}

	Optional<Subscription> subscription(String id) {
		return this.store.hashValue(SUBSCRIPTIONS, id, Subscription.class);
	}

	/** Stores a new subscription unless the id is taken; false when it is. */
	boolean create(Subscription subscription, StoredSecrets secrets) {
		Boolean added = this.redis.<String, String>opsForHash()
			.putIfAbsent(SUBSCRIPTIONS, subscription.id(), this.store.write(subscription));
		if (!Boolean.TRUE.equals(added)) {
			return false;
		}
		saveSecrets(subscription.id(), secrets);
		return true;
	}

	void update(Subscription subscription) {
		this.redis.opsForHash().put(SUBSCRIPTIONS, subscription.id(), this.store.write(subscription));
	}

	/** Removes the subscription, its secrets, its log and its pending deliveries. */
	void delete(String id) {
		this.redis.opsForHash().delete(SUBSCRIPTIONS, id);
		this.redis.opsForHash().delete(SECRETS, id);
		List<String> logged = this.redis.opsForList().range(LOG_PREFIX + id, 0, -1);
		if (logged != null && !logged.isEmpty()) {
			this.redis.opsForHash().delete(DELIVERIES, logged.toArray());
			this.redis.opsForHash().delete(PENDING, logged.toArray());
		}
		this.redis.delete(LOG_PREFIX + id);
	}

	Optional<StoredSecrets> secrets(String id) {
		return this.store.hashValue(SECRETS, id, StoredSecrets.class);
	}

	void saveSecrets(String id, StoredSecrets secrets) {
		this.redis.opsForHash().put(SECRETS, id, this.store.write(secrets));
	}

	/** A new delivery: logged (the log trimmed to its size) and pending. */
	void logNew(LoggedDelivery delivery) {
		String id = delivery.delivery().id();
		String key = LOG_PREFIX + delivery.delivery().subscriptionId();
		this.redis.opsForHash().put(DELIVERIES, id, this.store.write(delivery));
		this.redis.opsForHash().put(PENDING, id, this.store.write(delivery));
		this.redis.opsForList().leftPush(key, id);
		List<String> dropped = this.redis.opsForList().range(key, this.logSize, -1);
		if (dropped != null && !dropped.isEmpty()) {
			this.redis.opsForHash().delete(DELIVERIES, dropped.toArray());
			this.redis.opsForList().trim(key, 0, this.logSize - 1);
		}
	}

	/** The delivery after an attempt that leaves it pending. */
	void stillPending(LoggedDelivery delivery) {
		String id = delivery.delivery().id();
		this.redis.opsForHash().put(DELIVERIES, id, this.store.write(delivery));
		this.redis.opsForHash().put(PENDING, id, this.store.write(delivery));
	}

	/** The delivery's last word: no longer pending, a dead letter too when it failed. */
	void settled(LoggedDelivery delivery, boolean deadLetter) {
		String id = delivery.delivery().id();
		this.redis.opsForHash().delete(PENDING, id);
		if (Boolean.TRUE.equals(this.redis.opsForHash().hasKey(DELIVERIES, id))) {
			this.redis.opsForHash().put(DELIVERIES, id, this.store.write(delivery));
		}
		if (deadLetter) {
			this.redis.opsForList().leftPush(DEAD_LETTERS, this.store.write(delivery));
			this.redis.opsForList().trim(DEAD_LETTERS, 0, this.deadLetterSize - 1);
		}
	}

	List<LoggedDelivery> pending() {
		return List.copyOf(this.store.hashValues(PENDING, LoggedDelivery.class));
	}

	Optional<LoggedDelivery> pending(String deliveryId) {
		return this.store.hashValue(PENDING, deliveryId, LoggedDelivery.class);
	}

	List<LoggedDelivery> log(String subscriptionId, int limit) {
		List<String> ids = this.redis.opsForList().range(LOG_PREFIX + subscriptionId, 0, limit - 1);
		if (ids == null || ids.isEmpty()) {
			return List.of();
		}
		List<String> texts = this.redis.<String, String>opsForHash().multiGet(DELIVERIES, ids);
		return texts.stream()
			.filter(Objects::nonNull)
			.map((text) -> this.store.read(text, LoggedDelivery.class))
			.toList();
	}

	List<LoggedDelivery> deadLetters(int limit) {
		List<String> texts = this.redis.opsForList().range(DEAD_LETTERS, 0, limit - 1);
		return (texts != null) ? texts.stream().map((text) -> this.store.read(text, LoggedDelivery.class)).toList()
				: List.of();
	}

	/** A logged delivery, or a dead letter the log no longer holds. */
	Optional<LoggedDelivery> find(String deliveryId) {
		String text = this.redis.<String, String>opsForHash().get(DELIVERIES, deliveryId);
		if (text != null) {
			return Optional.of(this.store.read(text, LoggedDelivery.class));
		}
		List<LoggedDelivery> dead = new ArrayList<>(deadLetters(this.deadLetterSize));
		return dead.stream().filter((logged) -> logged.delivery().id().equals(deliveryId)).findFirst();
	}

}
