package io.sonde.webhooks.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.DestinationRefused;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionRejected;
import io.sonde.webhooks.SubscriptionRequest;
import io.sonde.webhooks.WebhookFormat;

/** Turns a request into a subscription, or refuses it naming the field at fault. */
final class SubscriptionCheck {

	private static final String ID = "[a-z0-9][a-z0-9-]{0,63}";

	private static final String LABEL = "[a-zA-Z_][a-zA-Z0-9_]*";

	private final DestinationGuard guard;

	private final Clock clock;

	SubscriptionCheck(DestinationGuard guard, Clock clock) {
		this.guard = guard;
		this.clock = clock;
	}

	/** A new subscription; {@code id} made from the name when the request has none. */
	Subscription created(SubscriptionRequest request) {
		String id = (request.id() != null) ? request.id() : idFrom(request.name());
		if (!id.matches(ID)) {
			throw new SubscriptionRejected("id", "id must match " + ID + ", was '" + id + "'");
		}
		Instant now = this.clock.instant();
		return checked(id, request, now, now);
	}

	/** The subscription {@code was} with the request's settings. */
	Subscription updated(Subscription was, SubscriptionRequest request) {
		if (request.id() != null && !request.id().equals(was.id())) {
			throw new SubscriptionRejected("id", "id cannot change: the path names '" + was.id() + "'");
		}
		return checked(was.id(), request, was.createdAt(), was.secretRotatedAt());
	}

	private Subscription checked(String id, SubscriptionRequest request, Instant createdAt, Instant rotatedAt) {
		String name = request.name();
		if (name == null || name.isBlank() || name.length() > 200) {
			throw new SubscriptionRejected("name", "name is required (1..200 characters)");
		}
		String url = url(request.url());
		WebhookFormat format = WebhookFormat.SONDE;
		if (request.format() != null) {
			format = WebhookFormat.fromWire(request.format());
			if (format == null) {
				throw new SubscriptionRejected("format", "format must be sonde or alertmanager-v4");
			}
		}
		List<String> ruleIds = (request.ruleIds() != null) ? request.ruleIds() : List.of();
		for (int i = 0; i < ruleIds.size(); i++) {
			if (ruleIds.get(i) == null || !ruleIds.get(i).matches(ID)) {
				throw new SubscriptionRejected("ruleIds[" + i + "]", "a rule id matches " + ID);
			}
		}
		Map<String, String> matchLabels = (request.matchLabels() != null) ? request.matchLabels() : Map.of();
		for (Map.Entry<String, String> entry : matchLabels.entrySet()) {
			if (!entry.getKey().matches(LABEL) || entry.getValue() == null) {
				throw new SubscriptionRejected("matchLabels." + entry.getKey(),
						"a label name matches " + LABEL + " and has a value");
			}
		}
		List<String> groupBy = (request.groupBy() != null) ? request.groupBy() : List.of("alertname");
		for (int i = 0; i < groupBy.size(); i++) {
			if (groupBy.get(i) == null || !groupBy.get(i).matches(LABEL)) {
				throw new SubscriptionRejected("groupBy[" + i + "]", "a label name matches " + LABEL);
			}
		}
		Duration groupWait = duration("groupWait", request.groupWait(), Duration.ofSeconds(30), Duration.ZERO);
		Duration groupInterval = duration("groupInterval", request.groupInterval(), Duration.ofMinutes(5),
				Duration.ofMillis(100));
		boolean enabled = !Objects.equals(request.enabled(), Boolean.FALSE);
		return new Subscription(id, name.trim(), url, enabled, format, ruleIds, matchLabels, groupBy, groupWait,
				groupInterval, createdAt, rotatedAt);
	}

	private String url(String text) {
		if (text == null || text.isBlank()) {
			throw new SubscriptionRejected("url", "url is required");
		}
		URI uri;
		try {
			uri = new URI(text.trim());
		}
		catch (URISyntaxException ex) {
			throw new SubscriptionRejected("url", "url is not a URL: " + ex.getMessage());
		}
		if (uri.getUserInfo() != null) {
			throw new SubscriptionRejected("url", "url must not carry credentials (user:password@)");
		}
		try {
			this.guard.check(uri);
		}
		catch (DestinationRefused refused) {
			throw new SubscriptionRejected("url", refused.getMessage());
		}
		return uri.toString();
	}

	private static Duration duration(String field, String text, Duration otherwise, Duration least) {
		if (text == null) {
			return otherwise;
		}
		Duration value;
		try {
			value = AlertDurations.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new SubscriptionRejected(field, ex.getMessage());
		}
		if (value.compareTo(least) < 0 || value.compareTo(Duration.ofDays(1)) > 0) {
			throw new SubscriptionRejected(field,
					field + " must be between " + AlertDurations.format(least) + " and 1 day, was " + text);
		}
		return value;
	}

	private static String idFrom(String name) {
		if (name == null) {
			throw new SubscriptionRejected("name", "name is required (1..200 characters)");
		}
		String id = name.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
		return (id.length() > 64) ? id.substring(0, 64) : id;
	}

}
