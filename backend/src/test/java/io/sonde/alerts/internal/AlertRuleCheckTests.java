package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A rule is checked whole before it is stored, and the first problem names its field. */
class AlertRuleCheckTests {

	private final AlertRuleCheck check = new AlertRuleCheck(() -> Set.of("labeling.coverage"));

	@Test
	void makesTheIdFromTheNameAndDefaultsTheRepeat() {
		AlertRule checked = this.check.checked(
				rule(null, "  Coverage LOW!  ", value("labeling.coverage"), Duration.ofSeconds(5), null, Map.of()));

		assertThat(checked.id()).isEqualTo("coverage-low");
		assertThat(checked.name()).isEqualTo("Coverage LOW!");
		assertThat(checked.repeatInterval()).isEqualTo(Duration.ofHours(1));
	}

	static Object[][] rejected() {
		EventCountCondition events = new EventCountCondition(EventKind.THRESHOLD, "hop_latency", 3,
				Duration.ofSeconds(30));
		return new Object[][] { { rule("Bad_Id", "n", events, Duration.ZERO, null, Map.of()), "id" },
				{ rule("x", " ", events, Duration.ZERO, null, Map.of()), "name" },
				{ rule("x", "n", value("nope.nothing"), Duration.ZERO, null, Map.of()), "condition.value" },
				{ rule("x", "n", new EventCountCondition(EventKind.THRESHOLD, null, 0, Duration.ofSeconds(30)),
						Duration.ZERO, null, Map.of()), "condition.count" },
				{ rule("x", "n", new EventCountCondition(EventKind.THRESHOLD, null, 1, Duration.ofMillis(10)),
						Duration.ZERO, null, Map.of()), "condition.window" },
				{ rule("x", "n", new EventCountCondition(null, null, 1, Duration.ofSeconds(1)), Duration.ZERO, null,
						Map.of()), "condition.kind" },
				{ rule("x", "n", new LiveValueCondition("labeling.coverage", null, 0.9), Duration.ZERO, null, Map.of()),
						"condition.comparison" },
				{ rule("x", "n", events, Duration.ofDays(2), null, Map.of()), "for" },
				{ rule("x", "n", events, Duration.ofSeconds(-1), null, Map.of()), "for" },
				{ rule("x", "n", events, Duration.ZERO, Duration.ofSeconds(1), Map.of()), "repeatInterval" },
				{ rule("x", "n", events, Duration.ZERO, null, Map.of("severity", "low")), "labels.severity" },
				{ rule("x", "n", events, Duration.ZERO, null, Map.of("1bad", "v")), "labels.1bad" },
				{ rule("x", "n", null, Duration.ZERO, null, Map.of()), "condition" } };
	}

	@ParameterizedTest
	@MethodSource("rejected")
	void refusesABadRuleNamingTheField(AlertRule rule, String field) {
		assertThatThrownBy(() -> this.check.checked(rule)).isInstanceOfSatisfying(AlertRuleRejected.class,
				(rejected) -> assertThat(rejected.field()).isEqualTo(field));
	}

	private static LiveValueCondition value(String name) {
		return new LiveValueCondition(name, Comparison.BELOW, 0.95);
	}

	private static AlertRule rule(String id, String name, io.sonde.alerts.AlertCondition condition,
			Duration forDuration, Duration repeat, Map<String, String> labels) {
		return new AlertRule(id, name, AlertSeverity.WARNING, condition, AlertSelector.ANY, forDuration, repeat, labels,
				Map.of(), true);
	}

}
