package io.sonde.webhooks;

import java.util.List;
import java.util.Map;

/**
 * A subscription as a request states it; absent fields take their defaults (enabled,
 * {@code sonde} format, every rule, no label match, grouped by {@code alertname}, wait
 * {@code 30s}, interval {@code 5m}). Durations are {@code 500ms}, {@code 30s},
 * {@code 5m}, {@code 1h} or ISO-8601.
 */
public record SubscriptionRequest(String id, String name, String url, Boolean enabled, String format,
		List<String> ruleIds, Map<String, String> matchLabels, List<String> groupBy, String groupWait,
		String groupInterval) {

}
