package io.sonde.webhooks.internal;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.sonde.webhooks.DeliveryAttempt;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.DeliveryStatus;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.WebhookDelivery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Delivers logged notifications: signs each attempt, retries with exponential back-off
 * and full jitter (or the receiver's Retry-After on 429 and 503), and settles each
 * delivery as delivered, failed (a dead letter) or refused. Every attempt of one delivery
 * carries its {@code webhook-id}. Pending deliveries are in Redis: at start the
 * dispatcher picks them up, so a restart retries them instead of losing them.
 */
final class DeliveryDispatcher implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(DeliveryDispatcher.class);

	private final RedisWebhookStore store;

	private final WebhookSender sender;

	private final WebhooksProperties properties;

	private final Clock clock;

	private ScheduledExecutorService scheduler;

	DeliveryDispatcher(RedisWebhookStore store, WebhookSender sender, WebhooksProperties properties, Clock clock) {
		this.store = store;
		this.sender = sender;
		this.properties = properties;
		this.clock = clock;
	}

	/** Logs a new delivery and makes its first attempt at once. */
	WebhookDelivery enqueue(Subscription subscription, DeliveryKind kind, String webhookId, String body,
			String replayOf) {
		Instant now = this.clock.instant();
		WebhookDelivery delivery = new WebhookDelivery("dlv_" + UUID.randomUUID(), subscription.id(), webhookId, kind,
				DeliveryStatus.PENDING, now, List.of(), replayOf);
		this.store.logNew(new LoggedDelivery(delivery, body, now));
		schedule(delivery.id(), Duration.ZERO);
		return delivery;
	}

	@Override
	public synchronized void start() {
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "webhook-delivery");
			thread.setDaemon(true);
			return thread;
		});
		executor.setRemoveOnCancelPolicy(true);
		this.scheduler = executor;
		Instant now = this.clock.instant();
		List<LoggedDelivery> pending = this.store.pending();
		for (LoggedDelivery delivery : pending) {
			Duration wait = Duration.between(now, delivery.nextAttemptAt());
			schedule(delivery.delivery().id(), wait.isNegative() ? Duration.ZERO : wait);
		}
		if (!pending.isEmpty()) {
			log.info("Resuming {} pending webhook deliveries", pending.size());
		}
	}

	@Override
	public synchronized void stop() {
		if (this.scheduler != null) {
			this.scheduler.shutdownNow();
			this.scheduler = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.scheduler != null;
	}

	private synchronized void schedule(String deliveryId, Duration wait) {
		if (this.scheduler == null) {
			// Not started (or stopping): the delivery stays pending in Redis for
			// the next start.
			return;
		}
		this.scheduler.schedule(() -> attempt(deliveryId), wait.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Outcomes arrive on Reactor's threads, which may be interrupted once the exchange
	 * completes: the Redis bookkeeping runs on the dispatcher's own thread instead.
	 */
	private synchronized void onDispatcherThread(Runnable work) {
		if (this.scheduler != null) {
			this.scheduler.execute(work);
		}
	}

	private void attempt(String deliveryId) {
		try {
			Optional<LoggedDelivery> pending = this.store.pending(deliveryId);
			if (pending.isEmpty()) {
				return;
			}
			LoggedDelivery delivery = pending.get();
			Optional<Subscription> subscription = this.store.subscription(delivery.delivery().subscriptionId());
			Optional<StoredSecrets> secrets = this.store.secrets(delivery.delivery().subscriptionId());
			if (subscription.isEmpty() || secrets.isEmpty()) {
				this.store.settled(delivery, false);
				return;
			}
			Instant at = this.clock.instant();
			Map<String, String> headers = headers(delivery, secrets.get(), at);
			this.sender.send(URI.create(subscription.get().url()), headers, delivery.body())
				.subscribe((outcome) -> onDispatcherThread(() -> afterAttempt(delivery, at, outcome)));
		}
		catch (RuntimeException ex) {
			log.warn("Webhook delivery {} could not be attempted, retrying in {}: {}", deliveryId,
					this.properties.initialBackoff(), ex.getMessage());
			schedule(deliveryId, this.properties.initialBackoff());
		}
	}

	private static Map<String, String> headers(LoggedDelivery delivery, StoredSecrets secrets, Instant at) {
		long timestamp = at.getEpochSecond();
		String webhookId = delivery.delivery().webhookId();
		return Map.of("webhook-id", webhookId, "webhook-timestamp", Long.toString(timestamp), "webhook-signature",
				WebhookSignature.sign(webhookId, timestamp, delivery.body(), secrets.signing(at)), "User-Agent",
				"Sonde-Webhooks/1");
	}

	private void afterAttempt(LoggedDelivery before, Instant at, AttemptOutcome outcome) {
		try {
			List<DeliveryAttempt> attempts = new ArrayList<>(before.delivery().attempts());
			attempts.add(new DeliveryAttempt(at, outcome.httpStatus(), outcome.latencyMs(), outcome.error()));
			boolean last = attempts.size() >= this.properties.maxAttempts();
			if (outcome.delivered()) {
				this.store.settled(with(before, DeliveryStatus.DELIVERED, attempts, null), false);
			}
			else if (outcome.refused()) {
				this.store.settled(with(before, DeliveryStatus.REFUSED, attempts, null), true);
			}
			else if (!outcome.retryable() || last) {
				log.warn("Webhook delivery {} failed after {} attempts: {}", before.delivery().id(), attempts.size(),
						outcome.error());
				this.store.settled(with(before, DeliveryStatus.FAILED, attempts, null), true);
			}
			else {
				Duration wait = nextWait(attempts.size(), outcome);
				this.store
					.stillPending(with(before, DeliveryStatus.PENDING, attempts, this.clock.instant().plus(wait)));
				schedule(before.delivery().id(), wait);
			}
		}
		catch (RuntimeException ex) {
			// Redis failed us: the delivery is still pending there and
			// is attempted again.
			log.warn("Webhook delivery {} outcome not stored, attempting again: {}", before.delivery().id(),
					ex.getMessage());
			schedule(before.delivery().id(), this.properties.initialBackoff());
		}
	}

	/**
	 * The wait before attempt {@code done + 1}: the receiver's Retry-After when it sent
	 * one with 429 or 503 (capped by max-retry-after), else full jitter: uniform in [0,
	 * cap), cap = initial-backoff x 2^(done-1), at most max-backoff.
	 */
	Duration nextWait(int done, AttemptOutcome outcome) {
		boolean asked = outcome.httpStatus() == 429 || outcome.httpStatus() == 503;
		if (asked && outcome.retryAfter() != null) {
			Duration retryAfter = outcome.retryAfter();
			return (retryAfter.compareTo(this.properties.maxRetryAfter()) > 0) ? this.properties.maxRetryAfter()
					: retryAfter;
		}
		long cap = this.properties.initialBackoff().toMillis() << Math.min(done - 1, 30);
		cap = Math.min(cap, this.properties.maxBackoff().toMillis());
		return Duration.ofMillis(ThreadLocalRandom.current().nextLong(cap + 1));
	}

	private static LoggedDelivery with(LoggedDelivery before, DeliveryStatus status, List<DeliveryAttempt> attempts,
			Instant nextAttemptAt) {
		WebhookDelivery was = before.delivery();
		return new LoggedDelivery(new WebhookDelivery(was.id(), was.subscriptionId(), was.webhookId(), was.kind(),
				status, was.createdAt(), attempts, was.replayOf()), before.body(), nextAttemptAt);
	}

}
