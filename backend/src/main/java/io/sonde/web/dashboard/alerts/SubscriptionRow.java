package io.sonde.web.dashboard.alerts;

import java.util.stream.Collectors;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.Subscription;

/**
 * A subscription as the subscriptions table says it.
 *
 * @param id its id
 * @param name its name
 * @param url where it posts
 * @param format {@code sonde} or {@code alertmanager-v4}
 * @param rules the rule ids, or {@code all}
 * @param matchLabels {@code team=netops}, or {@code any}
 * @param grouping {@code by alertname, wait 30s, every 5m}
 * @param enabled whether it delivers
 */
public record SubscriptionRow(String id, String name, String url, String format, String rules, String matchLabels,
		String grouping, boolean enabled) {

	static SubscriptionRow of(Subscription subscription) {
		String labels = subscription.matchLabels()
			.entrySet()
			.stream()
			.sorted(java.util.Map.Entry.comparingByKey())
			.map((label) -> label.getKey() + "=" + label.getValue())
			.collect(Collectors.joining(" "));
		return new SubscriptionRow(subscription.id(), subscription.name(), subscription.url(),
				subscription.format().wire(),
				subscription.ruleIds().isEmpty() ? "all" : String.join(", ", subscription.ruleIds()),
				labels.isEmpty() ? "any" : labels,
				"by " + String.join(", ", subscription.groupBy()) + ", wait "
						+ AlertDurations.format(subscription.groupWait()) + ", every "
						+ AlertDurations.format(subscription.groupInterval()),
				subscription.enabled());
	}

}
