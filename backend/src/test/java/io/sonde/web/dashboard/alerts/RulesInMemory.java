package io.sonde.web.dashboard.alerts;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleExists;
import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRuleRejected;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.alerts.LiveValueReading;

/**
 * The alerts module's face as the page's slice tests need it: rules and versions kept in
 * memory, refusing a blank name and an unknown live value as the module does (naming the
 * field), alerts set by the test.
 */
class RulesInMemory implements AlertRules {

	final Map<String, List<AlertRuleVersion>> versions = new LinkedHashMap<>();

	final List<Alert> firing = new ArrayList<>();

	final List<Alert> history = new ArrayList<>();

	private final Clock clock;

	RulesInMemory(Clock clock) {
		this.clock = clock;
	}

	@Override
	public List<AlertRule> rules() {
		return this.versions.values()
			.stream()
			.map((kept) -> kept.get(0))
			.filter((version) -> !version.deleted())
			.map(AlertRuleVersion::rule)
			.toList();
	}

	@Override
	public Optional<AlertRule> rule(String id) {
		return rules().stream().filter((rule) -> rule.id().equals(id)).findFirst();
	}

	@Override
	public AlertRuleVersion create(AlertRule rule, String author, String comment) {
		checked(rule);
		String id = (rule.id() != null) ? rule.id() : rule.name().toLowerCase().replaceAll("[^a-z0-9]+", "-");
		if (rule(id).isPresent()) {
			throw new AlertRuleExists(id);
		}
		AlertRuleVersion version = new AlertRuleVersion(1, author, this.clock.instant(), comment, rule.withId(id),
				false);
		this.versions.computeIfAbsent(id, (key) -> new ArrayList<>()).add(0, version);
		return version;
	}

	@Override
	public AlertRuleVersion update(String id, AlertRule rule, String author, String comment) {
		checked(rule);
		rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
		List<AlertRuleVersion> kept = this.versions.get(id);
		AlertRuleVersion version = new AlertRuleVersion(kept.get(0).version() + 1, author, this.clock.instant(),
				comment, rule.withId(id), false);
		kept.add(0, version);
		return version;
	}

	@Override
	public AlertRuleVersion delete(String id, String author, String comment) {
		AlertRule rule = rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
		List<AlertRuleVersion> kept = this.versions.get(id);
		AlertRuleVersion version = new AlertRuleVersion(kept.get(0).version() + 1, author, this.clock.instant(),
				comment, rule, true);
		kept.add(0, version);
		return version;
	}

	@Override
	public List<AlertRuleVersion> versions(String id) {
		List<AlertRuleVersion> kept = this.versions.get(id);
		if (kept == null) {
			throw new AlertRuleNotFound(id);
		}
		return List.copyOf(kept);
	}

	@Override
	public List<Alert> firing() {
		return List.copyOf(this.firing);
	}

	@Override
	public List<Alert> history(int limit) {
		return this.history.stream().limit(limit).toList();
	}

	@Override
	public List<LiveValueReading> liveValues() {
		return List.of(
				new LiveValueReading("labeling.coverage", "share of active ports covered", "ratio",
						List.of(new LiveValue(Map.of(), 0.97))),
				new LiveValueReading("switch.unreachable_seconds", "seconds since the switch last answered", "s", List
					.of(new LiveValue(Map.of("switch", "leaf-1"), 0), new LiveValue(Map.of("switch", "leaf-2"), 12))));
	}

	private void checked(AlertRule rule) {
		if (rule.name().isBlank()) {
			throw new AlertRuleRejected("name", "a rule needs a name");
		}
		if (rule.condition() instanceof LiveValueCondition live
				&& liveValues().stream().noneMatch((reading) -> reading.name().equals(live.value()))) {
			throw new AlertRuleRejected("condition.value", "no live value is named '" + live.value() + "'");
		}
	}

}
