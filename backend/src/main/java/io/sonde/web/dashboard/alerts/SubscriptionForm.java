package io.sonde.web.dashboard.alerts;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.sonde.alerts.AlertDurations;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.SubscriptionRequest;

/**
 * The subscription form of the Alerts page as typed. Inputs are named after the
 * subscription's JSON fields, so the field a
 * {@link io.sonde.webhooks.SubscriptionRejected} names is the input its error sits
 * beside. Lists are comma-separated, labels {@code name=value} lines.
 */
public record SubscriptionForm(String name, String url, boolean enabled, String format, String ruleIds,
		String matchLabels, String groupBy, String groupWait, String groupInterval) {

	static SubscriptionForm blank() {
		return new SubscriptionForm("", "", true, "sonde", "", "", "alertname", "30s", "5m");
	}

	static SubscriptionForm of(Subscription subscription) {
		return new SubscriptionForm(subscription.name(), subscription.url(), subscription.enabled(),
				subscription.format().wire(), String.join(", ", subscription.ruleIds()),
				RuleForm.lines(subscription.matchLabels()), String.join(", ", subscription.groupBy()),
				AlertDurations.format(subscription.groupWait()), AlertDurations.format(subscription.groupInterval()));
	}

	static SubscriptionForm read(Map<String, String> form) {
		return new SubscriptionForm(form.getOrDefault("name", ""), form.getOrDefault("url", ""),
				"true".equals(form.get("enabled")), form.getOrDefault("format", ""), form.getOrDefault("ruleIds", ""),
				form.getOrDefault("matchLabels", ""), form.getOrDefault("groupBy", ""),
				form.getOrDefault("groupWait", ""), form.getOrDefault("groupInterval", ""));
	}

	/**
	 * The request this form makes; the webhooks module checks it (the URL's destination
	 * too) and names the field it refuses.
	 * @throws InvalidAlertsForm when the match labels are not name=value lines
	 */
	SubscriptionRequest request() {
		return new SubscriptionRequest(null, this.name.trim(), this.url.trim(), this.enabled, this.format,
				list(this.ruleIds), RuleForm.pairs("matchLabels", this.matchLabels), list(this.groupBy),
				blankToNull(this.groupWait), blankToNull(this.groupInterval));
	}

	private static List<String> list(String text) {
		return Arrays.stream(text.split(",")).map(String::trim).filter((item) -> !item.isEmpty()).toList();
	}

	private static String blankToNull(String text) {
		return (text == null || text.isBlank()) ? null : text.trim();
	}

}
