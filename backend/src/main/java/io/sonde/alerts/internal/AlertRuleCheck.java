package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;

/**
 * Checks a rule before it is stored; the first problem is thrown naming its JSON field.
 * Also makes a rule's id from its name when the id is absent.
 */
final class AlertRuleCheck {

	static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

	static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]{0,127}");

	/** The labels the engine writes on every alert: a rule may not set them. */
	static final Set<String> RESERVED_LABELS = Set.of("alertname", "severity", "rule_id");

	static final Duration MIN_WINDOW = Duration.ofSeconds(1);

	static final Duration MAX_WINDOW = Duration.ofHours(24);

	static final Duration MAX_FOR = Duration.ofHours(24);

	static final Duration MIN_REPEAT = Duration.ofSeconds(10);

	static final Duration MAX_REPEAT = Duration.ofDays(7);

	static final Duration DEFAULT_REPEAT = Duration.ofHours(1);

	static final int MAX_COUNT = 1_000_000;

	private final Supplier<Set<String>> liveValueNames;

	AlertRuleCheck(Supplier<Set<String>> liveValueNames) {
		this.liveValueNames = liveValueNames;
	}

	/** The rule as it will be stored: id made if absent, repeat defaulted. */
	AlertRule checked(AlertRule rule) {
		require(rule != null, "", "the body must be a rule");
		require(rule.name() != null && !rule.name().isBlank(), "name", "must not be empty");
		require(rule.name().length() <= 200, "name", "must be at most 200 characters");
		String id = (rule.id() != null) ? rule.id() : idFrom(rule.name());
		require(ID.matcher(id).matches(), "id",
				"must be 1-64 lowercase letters, digits or '-', starting with a letter or digit, not '" + id + "'");
		require(rule.severity() != null, "severity", "must be info, warning or critical");
		checkCondition(rule);
		checkSelector(rule);
		require(!rule.forDuration().isNegative() && rule.forDuration().compareTo(MAX_FOR) <= 0, "for",
				"must be 0s to 24h");
		Duration repeat = (rule.repeatInterval() != null) ? rule.repeatInterval() : DEFAULT_REPEAT;
		require(repeat.compareTo(MIN_REPEAT) >= 0 && repeat.compareTo(MAX_REPEAT) <= 0, "repeatInterval",
				"must be 10s to 7d");
		checkLabels(rule.labels());
		rule.annotations().forEach((name, value) -> {
			require(LABEL_NAME.matcher(name).matches(), "annotations." + name,
					"an annotation's name must be letters, digits or '_', not starting with a digit");
			require(value != null, "annotations." + name, "must have a value");
		});
		return new AlertRule(id, rule.name().strip(), rule.severity(), rule.condition(), rule.selector(),
				rule.forDuration(), repeat, rule.labels(), rule.annotations(), rule.enabled());
	}

	private void checkCondition(AlertRule rule) {
		require(rule.condition() != null, "condition", "must be given, with type 'events' or 'value'");
		if (rule.condition() instanceof EventCountCondition events) {
			require(events.kind() != null, "condition.kind",
					"must be NEW_KEY, CHANGED, THRESHOLD, RECOVERY or COVERAGE");
			require(events.metric() == null || !events.metric().isBlank(), "condition.metric",
					"must be a metric's name, or absent for any metric");
			require(events.count() >= 1 && events.count() <= MAX_COUNT, "condition.count",
					"must be 1 to " + MAX_COUNT + ", not " + events.count());
			require(events.window() != null, "condition.window", "must be given (5s, 2m, ...)");
			require(events.window().compareTo(MIN_WINDOW) >= 0 && events.window().compareTo(MAX_WINDOW) <= 0,
					"condition.window", "must be 1s to 24h");
		}
		else if (rule.condition() instanceof LiveValueCondition value) {
			require(value.value() != null && !value.value().isBlank(), "condition.value",
					"must name a live value (GET /api/v1/alerts/values lists them)");
			Set<String> known = this.liveValueNames.get();
			require(known.contains(value.value()), "condition.value",
					"'" + value.value() + "' is not a live value; known: " + String.join(", ", known));
			require(value.comparison() != null, "condition.comparison", "must be above or below");
			require(Double.isFinite(value.bound()), "condition.bound", "must be a finite number");
		}
	}

	private static void checkSelector(AlertRule rule) {
		Integer port = rule.selector().port();
		require(port == null || (port >= 0 && port <= 65535), "selector.port", "must be 0 to 65535");
		require(rule.selector().switchName() == null || !rule.selector().switchName().isBlank(), "selector.switch",
				"must be a switch's name, or null for any");
		require(rule.selector().flow() == null || !rule.selector().flow().isBlank(), "selector.flow",
				"must be a flow (10.0.0.2:5000>10.1.0.3:6000/17), or null for any");
	}

	private static void checkLabels(Map<String, String> labels) {
		for (Map.Entry<String, String> label : labels.entrySet()) {
			require(LABEL_NAME.matcher(label.getKey()).matches(), "labels." + label.getKey(),
					"a label's name must be letters, digits or '_', not starting with a digit");
			require(!RESERVED_LABELS.contains(label.getKey()), "labels." + label.getKey(),
					"is set by the engine on every alert (alertname, severity, rule_id)");
			require(label.getValue() != null, "labels." + label.getKey(), "must have a value");
		}
	}

	/** {@code Coverage low!} -> {@code coverage-low}. */
	static String idFrom(String name) {
		String id = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
		if (id.length() > 64) {
			id = id.substring(0, 64).replaceAll("-+$", "");
		}
		return id;
	}

	private static void require(boolean condition, String field, String detail) {
		if (!condition) {
			throw new AlertRuleRejected(field, detail);
		}
	}

}
