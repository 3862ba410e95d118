package io.sonde.alerts.internal;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sonde.alerts.*}: the rule engine. Every field has its default in code; a bad
 * value stops the start with a message naming the property.
 *
 * @param evaluationInterval how often live values are read and every rule is evaluated
 * (default 1 s)
 * @param historyLimit resolved alerts kept in the history, newest first (default 1,000)
 * @param absentGrace how long a firing live-value series may be missing from its source
 * before its alert resolves (default 5 s: a source that misses one read does not resolve
 * and re-fire its alerts)
 * @param maxSeriesPerRule series an event rule counts at once; events of further series
 * are not counted until some expire (default 10,000: bounds memory whatever the events)
 */
@ConfigurationProperties("sonde.alerts")
public record AlertsProperties(Duration evaluationInterval, Integer historyLimit, Duration absentGrace,
		Integer maxSeriesPerRule) {

	public AlertsProperties {
		evaluationInterval = within("evaluation-interval", evaluationInterval, Duration.ofSeconds(1),
				Duration.ofMillis(50), Duration.ofMinutes(1));
		absentGrace = within("absent-grace", absentGrace, Duration.ofSeconds(5), Duration.ZERO, Duration.ofHours(1));
		historyLimit = within("history-limit", historyLimit, 1000, 1, 1_000_000);
		maxSeriesPerRule = within("max-series-per-rule", maxSeriesPerRule, 10_000, 1, 10_000_000);
	}

	/** Every default. */
	public static AlertsProperties defaults() {
		return new AlertsProperties(null, null, null, null);
	}

	private static Duration within(String name, Duration value, Duration otherwise, Duration min, Duration max) {
		if (value == null) {
			return otherwise;
		}
		if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
			throw new IllegalArgumentException(
					"sonde.alerts." + name + " must be " + min + " to " + max + ", not " + value);
		}
		return value;
	}

	private static int within(String name, Integer value, int otherwise, int min, int max) {
		if (value == null) {
			return otherwise;
		}
		if (value < min || value > max) {
			throw new IllegalArgumentException(
					"sonde.alerts." + name + " must be " + min + " to " + max + ", not " + value);
		}
		return value;
	}

}
