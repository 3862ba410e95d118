package io.sonde.alerts.internal;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.sonde.alerts.AlertCondition;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.Comparison;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.events.EventKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each limit of a rule at its edges, the last value accepted and the first refused, and
 * the fields a check names for the parts its other tests leave out.
 */
class AlertRuleCheckLimitsTests {

	private static final EventCountCondition EVENTS = new EventCountCondition(EventKind.THRESHOLD, null, 1,
			Duration.ofSeconds(30));

	private final AlertRuleCheck check = new AlertRuleCheck(() -> Set.of("labeling.coverage"));

	@Test
	void namesAreAtMostTwoHundredCharactersAndIdsSixtyFour() {
		accepted(rule(null, "n".repeat(200), EVENTS));
		refused(rule(null, "n".repeat(201), EVENTS), "name");
		refused(rule(null, null, EVENTS), "name");
		refused(null, "");
		assertThat(AlertRuleCheck.idFrom("a".repeat(64))).hasSize(64);
		assertThat(AlertRuleCheck.idFrom("a".repeat(65))).hasSize(64);
		assertThat(AlertRuleCheck.idFrom("a".repeat(63) + " b")).isEqualTo("a".repeat(63));
		refused(new AlertRule("x", "n", null, EVENTS, null, null, null, null, null, true), "severity");
	}

	@Test
	void eventCountsAndWindowsAreKeptWithinTheirRanges() {
		accepted(rule(events(1_000_000, Duration.ofSeconds(1))));
		accepted(rule(events(1, Duration.ofHours(24))));
		refused(rule(events(1_000_001, Duration.ofSeconds(30))), "condition.count");
		refused(rule(events(1, Duration.ofHours(24).plusNanos(1))), "condition.window");
		refused(rule(events(1, Duration.ofSeconds(1).minusNanos(1))), "condition.window");
		refused(rule(events(1, null)), "condition.window");
		refused(rule(new EventCountCondition(EventKind.THRESHOLD, " ", 1, Duration.ofSeconds(1))), "condition.metric");
		accepted(rule(new EventCountCondition(EventKind.THRESHOLD, "hop_latency", 1, Duration.ofSeconds(1))));
	}

	@Test
	void liveValuesAreNamedKnownAndBoundedByAFiniteNumber() {
		accepted(rule(new LiveValueCondition("labeling.coverage", Comparison.ABOVE, 1)));
		refused(rule(new LiveValueCondition(null, Comparison.ABOVE, 1)), "condition.value");
		refused(rule(new LiveValueCondition(" ", Comparison.ABOVE, 1)), "condition.value");
		refused(rule(new LiveValueCondition("labeling.coverage", Comparison.ABOVE, Double.NaN)), "condition.bound");
		refused(rule(new LiveValueCondition("labeling.coverage", Comparison.ABOVE, Double.POSITIVE_INFINITY)),
				"condition.bound");
	}

	@Test
	void selectorsNamePortsInRangeAndNoBlankSwitchOrFlow() {
		accepted(selected(new AlertSelector("edge-0-0", 0, "10.0.0.2:5000>10.1.0.3:6000/17")));
		accepted(selected(new AlertSelector(null, 65535, null)));
		refused(selected(new AlertSelector(null, -1, null)), "selector.port");
		refused(selected(new AlertSelector(null, 65536, null)), "selector.port");
		refused(selected(new AlertSelector(" ", null, null)), "selector.switch");
		refused(selected(new AlertSelector(null, null, "")), "selector.flow");
	}

	@Test
	void forAndRepeatAreKeptWithinTheirRanges() {
		accepted(timed(Duration.ofHours(24), Duration.ofSeconds(10)));
		accepted(timed(Duration.ZERO, Duration.ofDays(7)));
		refused(timed(Duration.ofHours(24).plusNanos(1), null), "for");
		refused(timed(Duration.ZERO, Duration.ofSeconds(10).minusNanos(1)), "repeatInterval");
		refused(timed(Duration.ZERO, Duration.ofDays(7).plusNanos(1)), "repeatInterval");
		assertThat(this.check.checked(timed(Duration.ZERO, Duration.ofMinutes(5))).repeatInterval())
			.isEqualTo(Duration.ofMinutes(5));
	}

	@Test
	void labelAndAnnotationNamesAreIdentifiersAndReservedLabelsAreTheEngines() {
		accepted(labelled(Map.of("team", "net"), Map.of("summary", "s")));
		refused(labelled(Map.of("rule_id", "x"), Map.of()), "labels.rule_id");
		refused(labelled(Map.of(), Map.of("9summary", "s")), "annotations.9summary");
	}

	@Test
	void aLabelWithoutAValueIsRefusedNamingIt() {
		Map<String, String> labels = new HashMap<>();
		labels.put("team", null);

		refused(labelled(labels, Map.of()), "labels.team");
	}

	@Test
	void anAnnotationWithoutAValueIsRefusedNamingIt() {
		Map<String, String> annotations = new HashMap<>();
		annotations.put("summary", null);

		refused(labelled(Map.of(), annotations), "annotations.summary");
	}

	private void accepted(AlertRule rule) {
		assertThat(this.check.checked(rule).condition()).isEqualTo(rule.condition());
	}

	private void refused(AlertRule rule, String field) {
		assertThatThrownBy(() -> this.check.checked(rule)).isInstanceOfSatisfying(AlertRuleRejected.class,
				(rejected) -> assertThat(rejected.field()).isEqualTo(field));
	}

	private static EventCountCondition events(int count, Duration window) {
		return new EventCountCondition(EventKind.THRESHOLD, null, count, window);
	}

	private static AlertRule rule(AlertCondition condition) {
		return rule("x", "n", condition);
	}

	private static AlertRule rule(String id, String name, AlertCondition condition) {
		return new AlertRule(id, name, AlertSeverity.WARNING, condition, AlertSelector.ANY, Duration.ZERO, null,
				Map.of(), Map.of(), true);
	}

	private static AlertRule selected(AlertSelector selector) {
		return new AlertRule("x", "n", AlertSeverity.WARNING, EVENTS, selector, Duration.ZERO, null, Map.of(), Map.of(),
				true);
	}

	private static AlertRule timed(Duration forDuration, Duration repeat) {
		return new AlertRule("x", "n", AlertSeverity.WARNING, EVENTS, AlertSelector.ANY, forDuration, repeat, Map.of(),
				Map.of(), true);
	}

	private static AlertRule labelled(Map<String, String> labels, Map<String, String> annotations) {
		return new AlertRule("x", "n", AlertSeverity.WARNING, EVENTS, AlertSelector.ANY, Duration.ZERO, null, labels,
				annotations, true);
	}

}
