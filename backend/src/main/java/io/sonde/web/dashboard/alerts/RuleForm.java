package io.sonde.web.dashboard.alerts;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.alerts.AlertCondition;
import io.sonde.alerts.AlertDurations;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;

/**
 * The rule form of the Alerts page as typed (every field text, so a refused form comes
 * back as it was written). Its inputs are named after the rule's JSON fields
 * ({@code condition.count}, {@code selector.port}, {@code for}), so the field an
 * {@link io.sonde.alerts.AlertRuleRejected} names is the input its error sits beside.
 */
public record RuleForm(String id, String name, String severity, boolean enabled, String conditionType, String value,
		String comparison, String bound, String kind, String metric, String count, String window, String switchName,
		String port, String flow, String forDuration, String repeatInterval, String labels, String annotations,
		String comment) {

	/** What an empty form offers: the issue's example, coverage under 95% for 5 s. */
	static RuleForm blank() {
		return new RuleForm("", "", "warning", true, "value", "labeling.coverage", "below", "0.95", "THRESHOLD", "",
				"3", "30s", "", "", "", "5s", "5m", "", "summary=", "");
	}

	static RuleForm of(AlertRule rule) {
		RuleForm blank = blank();
		String type = "value";
		String value = blank.value;
		String comparison = blank.comparison;
		String bound = blank.bound;
		String kind = blank.kind;
		String metric = "";
		String count = blank.count;
		String window = blank.window;
		if (rule.condition() instanceof LiveValueCondition live) {
			value = live.value();
			comparison = live.comparison().json();
			bound = number(live.bound());
		}
		else if (rule.condition() instanceof EventCountCondition events) {
			type = "events";
			kind = events.kind().name();
			metric = (events.metric() != null) ? events.metric() : "";
			count = String.valueOf(events.count());
			window = AlertDurations.format(events.window());
		}
		AlertSelector selector = rule.selector();
		return new RuleForm(rule.id(), rule.name(), rule.severity().json(), rule.enabled(), type, value, comparison,
				bound, kind, metric, count, window, text(selector.switchName()),
				(selector.port() != null) ? selector.port().toString() : "", text(selector.flow()),
				AlertDurations.format(rule.forDuration()),
				(rule.repeatInterval() != null) ? AlertDurations.format(rule.repeatInterval()) : "",
				RuleForm.lines(rule.labels()), RuleForm.lines(rule.annotations()), "");
	}

	static RuleForm read(Map<String, String> form) {
		return new RuleForm(form.getOrDefault("id", ""), form.getOrDefault("name", ""),
				form.getOrDefault("severity", ""), "true".equals(form.get("enabled")),
				form.getOrDefault("condition.type", ""), form.getOrDefault("condition.value", ""),
				form.getOrDefault("condition.comparison", ""), form.getOrDefault("condition.bound", ""),
				form.getOrDefault("condition.kind", ""), form.getOrDefault("condition.metric", ""),
				form.getOrDefault("condition.count", ""), form.getOrDefault("condition.window", ""),
				form.getOrDefault("selector.switch", ""), form.getOrDefault("selector.port", ""),
				form.getOrDefault("selector.flow", ""), form.getOrDefault("for", ""),
				form.getOrDefault("repeatInterval", ""), form.getOrDefault("labels", ""),
				form.getOrDefault("annotations", ""), form.getOrDefault("comment", ""));
	}

	/**
	 * The rule this form describes; what the alerts module checks beyond the form's own
	 * syntax (a name, an id's shape, a value that exists) it checks itself.
	 * @throws InvalidAlertsForm naming the input that cannot be read
	 */
	AlertRule rule() {
		AlertSeverity level;
		try {
			level = AlertSeverity.fromJson(this.severity);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidAlertsForm("severity", ex.getMessage());
		}
		return new AlertRule(blankToNull(this.id), this.name.trim(), level, condition(), selector(),
				blank(this.forDuration) ? Duration.ZERO : duration("for", this.forDuration),
				blank(this.repeatInterval) ? null : duration("repeatInterval", this.repeatInterval),
				pairs("labels", this.labels), pairs("annotations", this.annotations), this.enabled);
	}

	private AlertCondition condition() {
		return switch (this.conditionType) {
			case "value" ->
				new LiveValueCondition(this.value.trim(), parsedComparison(), decimal("condition.bound", this.bound));
			case "events" -> new EventCountCondition(parsedKind(), blankToNull(this.metric),
					(int) whole("condition.count", this.count), duration("condition.window", this.window));
			default -> throw new InvalidAlertsForm("condition.type", "the condition is 'value' or 'events'");
		};
	}

	private Comparison parsedComparison() {
		try {
			return Comparison.fromJson(this.comparison);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidAlertsForm("condition.comparison", ex.getMessage());
		}
	}

	private EventKind parsedKind() {
		try {
			return EventKind.valueOf(this.kind.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidAlertsForm("condition.kind", "'" + this.kind + "' is no event kind");
		}
	}

	private AlertSelector selector() {
		Integer selected = blank(this.port) ? null : (int) whole("selector.port", this.port);
		return new AlertSelector(blankToNull(this.switchName), selected, blankToNull(this.flow));
	}

	private static Duration duration(String field, String text) {
		try {
			return AlertDurations.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidAlertsForm(field, ex.getMessage());
		}
	}

	private static double decimal(String field, String text) {
		try {
			double parsed = Double.parseDouble(text.trim());
			if (Double.isFinite(parsed)) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// said below
		}
		throw new InvalidAlertsForm(field, "'" + text + "' is not a number");
	}

	private static long whole(String field, String text) {
		try {
			return Integer.parseInt(text.trim());
		}
		catch (NumberFormatException ex) {
			throw new InvalidAlertsForm(field, "'" + text + "' is not a whole number");
		}
	}

	/** {@code name=value} lines: labels and annotations. */
	static Map<String, String> pairs(String field, String text) {
		Map<String, String> pairs = new LinkedHashMap<>();
		for (String line : text.split("\\R")) {
			if (line.isBlank()) {
				continue;
			}
			int equals = line.indexOf('=');
			if (equals <= 0) {
				throw new InvalidAlertsForm(field, "'" + line.trim() + "' is not name=value");
			}
			String value = line.substring(equals + 1).trim();
			if (!value.isEmpty()) {
				pairs.put(line.substring(0, equals).trim(), value);
			}
		}
		return pairs;
	}

	static String lines(Map<String, String> pairs) {
		StringBuilder text = new StringBuilder();
		new TreeMap<>(pairs).forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
		return text.toString();
	}

	static String number(double value) {
		return (value == Math.rint(value) && Math.abs(value) < 1e15) ? String.valueOf((long) value)
				: String.valueOf(value);
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

	private static String blankToNull(String text) {
		return blank(text) ? null : text.trim();
	}

	private static String text(String nullable) {
		return (nullable != null) ? nullable : "";
	}

}
