package io.sonde.webhooks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.sonde.alerts.AlertDurations;

/**
 * Where alerts go and which: notifications of the rules in {@code ruleIds} (empty: every
 * rule) whose labels hold all of {@code matchLabels}, grouped by the {@code groupBy}
 * labels. The secret is not part of it: it is shown once, when created or rotated.
 *
 * @param id the subscription's id ({@code [a-z0-9][a-z0-9-]{0,63}})
 * @param name a name people read
 * @param url the http(s) destination
 * @param enabled whether notifications are delivered
 * @param format the body's format
 * @param ruleIds the rules whose alerts are sent (empty: all)
 * @param matchLabels labels an alert must carry with these values
 * @param groupBy the labels whose values make a group
 * @param groupWait how long a new group waits before its first notification
 * @param groupInterval the least time between two notifications of a group that changed
 * @param createdAt when it was created
 * @param secretRotatedAt when its secret was last made (created or rotated)
 */
public record Subscription(String id, String name, String url, boolean enabled, WebhookFormat format,
		List<String> ruleIds, Map<String, String> matchLabels, List<String> groupBy,
		@JsonSerialize(using = AlertDurations.Writer.class) @JsonDeserialize(
				using = AlertDurations.Reader.class) Duration groupWait,
		@JsonSerialize(using = AlertDurations.Writer.class) @JsonDeserialize(
				using = AlertDurations.Reader.class) Duration groupInterval,
		Instant createdAt, Instant secretRotatedAt) {

	public Subscription {
		ruleIds = List.copyOf(ruleIds);
		matchLabels = Map.copyOf(matchLabels);
		groupBy = List.copyOf(groupBy);
	}

}
