package io.sonde.webhooks.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification;
import io.sonde.alerts.AlertStatus;
import io.sonde.webhooks.DeliveryKind;
import io.sonde.webhooks.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.event.EventListener;

/**
 * Groups alert notifications per subscription as Alertmanager does: alerts with the same
 * values of the subscription's {@code groupBy} labels form a group; a new group waits
 * {@code groupWait} before its first notification, then is sent again at most every
 * {@code groupInterval}, when it changed (an alert joined or resolved) or an alert
 * repeated. Each notification carries the whole group; resolved alerts leave the group
 * once sent. All group state is confined to one thread; groups live in memory (a restart
 * starts them afresh; deliveries already made are in Redis and survive it).
 */
final class NotificationGrouper {

	private static final Logger log = LoggerFactory.getLogger(NotificationGrouper.class);

	private final RedisWebhookStore store;

	private final DeliveryDispatcher dispatcher;

	private final PayloadWriter payloads;

	private final Clock clock;

	private final ScheduledExecutorService thread;

	private final Map<String, Group> groups = new HashMap<>();

	NotificationGrouper(RedisWebhookStore store, DeliveryDispatcher dispatcher, PayloadWriter payloads, Clock clock) {
		this.store = store;
		this.dispatcher = dispatcher;
		this.payloads = payloads;
		this.clock = clock;
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread named = new Thread(task, "webhook-grouping");
			named.setDaemon(true);
			return named;
		});
		executor.setRemoveOnCancelPolicy(true);
		this.thread = executor;
	}

	/**
	 * Hands the notification to the grouping thread: the rule engine never waits for it.
	 */
	@EventListener
	void on(AlertNotification notification) {
		this.thread.execute(() -> accept(notification));
	}

	void shutdown() {
		this.thread.shutdownNow();
	}

	private void accept(AlertNotification notification) {
		try {
			for (Subscription subscription : this.store.subscriptions()) {
				if (matches(subscription, notification.alert())) {
					add(subscription, notification);
				}
			}
		}
		catch (RuntimeException ex) {
			log.warn("Alert notification {} not grouped for webhooks: {}", notification.id(), ex.getMessage());
		}
	}

	static boolean matches(Subscription subscription, Alert alert) {
		if (!subscription.enabled()) {
			return false;
		}
		if (!subscription.ruleIds().isEmpty() && !subscription.ruleIds().contains(alert.ruleId())) {
			return false;
		}
		return subscription.matchLabels()
			.entrySet()
			.stream()
			.allMatch((entry) -> entry.getValue().equals(alert.labels().get(entry.getKey())));
	}

	private void add(Subscription subscription, AlertNotification notification) {
		Map<String, String> groupLabels = new TreeMap<>();
		for (String name : subscription.groupBy()) {
			groupLabels.put(name, notification.alert().labels().getOrDefault(name, ""));
		}
		String key = groupKey(subscription.id(), groupLabels);
		Group group = this.groups.get(key);
		Instant now = this.clock.instant();
		if (group == null) {
			group = new Group(subscription.id(), key, groupLabels);
			this.groups.put(key, group);
			group.alerts.put(notification.alert().fingerprint(), notification.alert());
			flushAfter(group, subscription.groupWait());
			return;
		}
		Alert known = group.alerts.get(notification.alert().fingerprint());
		group.alerts.put(notification.alert().fingerprint(), notification.alert());
		boolean changed = known == null || known.status() != notification.alert().status()
				|| notification.kind() == AlertNotification.Kind.REPEAT;
		if (changed && group.flush == null) {
			Instant due = (group.lastSentAt != null) ? group.lastSentAt.plus(subscription.groupInterval()) : now;
			Duration wait = Duration.between(now, due);
			flushAfter(group, wait.isNegative() ? Duration.ZERO : wait);
		}
	}

	/**
	 * {@code subscription:{name="value", ...}}, Alertmanager's way of writing a group.
	 */
	static String groupKey(String subscriptionId, Map<String, String> groupLabels) {
		return subscriptionId + ":{"
				+ groupLabels.entrySet()
					.stream()
					.map((entry) -> entry.getKey() + "=\"" + entry.getValue() + "\"")
					.collect(Collectors.joining(", "))
				+ "}";
	}

	private void flushAfter(Group group, Duration wait) {
		group.flush = this.thread.schedule(() -> flush(group), wait.toMillis(), TimeUnit.MILLISECONDS);
	}

	private void flush(Group group) {
		group.flush = null;
		try {
			Optional<Subscription> subscription = this.store.subscription(group.subscriptionId);
			if (subscription.isEmpty() || !subscription.get().enabled()) {
				this.groups.remove(group.key);
				return;
			}
			Instant now = this.clock.instant();
			List<Alert> alerts = new ArrayList<>(group.alerts.values());
			String body = this.payloads.write(subscription.get(), "alerts.notification", group.key, group.labels,
					alerts, now);
			this.dispatcher.enqueue(subscription.get(), DeliveryKind.NOTIFICATION, "msg_" + UUID.randomUUID(), body,
					null);
			group.lastSentAt = now;
			group.alerts.values().removeIf((alert) -> alert.status() == AlertStatus.RESOLVED);
			if (group.alerts.isEmpty()) {
				this.groups.remove(group.key);
			}
		}
		catch (RuntimeException ex) {
			log.warn("Webhook group {} not sent, trying again in 1s: {}", group.key, ex.getMessage());
			flushAfter(group, Duration.ofSeconds(1));
		}
	}

	/** One group of one subscription; touched only by the grouping thread. */
	private static final class Group {

		final String subscriptionId;

		final String key;

		final Map<String, String> labels;

		final Map<String, Alert> alerts = new LinkedHashMap<>();

		Instant lastSentAt;

		ScheduledFuture<?> flush;

		Group(String subscriptionId, String key, Map<String, String> labels) {
			this.subscriptionId = subscriptionId;
			this.key = key;
			this.labels = labels;
		}

	}

}
