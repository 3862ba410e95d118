package io.sonde.web.dashboard.alerts;

import io.sonde.alerts.AlertDurations;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;

/**
 * A rule as the rules table says it.
 *
 * @param id its id
 * @param name its name
 * @param severity lowercase
 * @param condition {@code labeling.coverage below 0.95} or
 * {@code ≥ 3 THRESHOLD hop_latency events in 30s}
 * @param selector {@code switch=leaf-1 port=2}, or {@code any}
 * @param forDuration {@code 5s}
 * @param repeatInterval {@code 5m}, or {@code never}
 * @param enabled whether it evaluates
 */
public record RuleRow(String id, String name, String severity, String condition, String selector, String forDuration,
		String repeatInterval, boolean enabled) {

	static RuleRow of(AlertRule rule) {
		return new RuleRow(rule.id(), rule.name(), rule.severity().json(), condition(rule), selector(rule.selector()),
				AlertDurations.format(rule.forDuration()),
				(rule.repeatInterval() != null) ? AlertDurations.format(rule.repeatInterval()) : "never",
				rule.enabled());
	}

	static String condition(AlertRule rule) {
		if (rule.condition() instanceof LiveValueCondition live) {
			return live.value() + " " + live.comparison().json() + " " + RuleForm.number(live.bound());
		}
		if (rule.condition() instanceof EventCountCondition events) {
			return "≥ " + events.count() + " " + events.kind()
					+ ((events.metric() != null) ? " " + events.metric() : "") + " events in "
					+ AlertDurations.format(events.window());
		}
		return String.valueOf(rule.condition());
	}

	private static String selector(AlertSelector selector) {
		StringBuilder text = new StringBuilder();
		if (selector.switchName() != null) {
			text.append("switch=").append(selector.switchName()).append(' ');
		}
		if (selector.port() != null) {
			text.append("port=").append(selector.port()).append(' ');
		}
		if (selector.flow() != null) {
			text.append("flow=").append(selector.flow()).append(' ');
		}
		return text.isEmpty() ? "any" : text.toString().trim();
	}

}
