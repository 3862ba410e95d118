package io.sonde.alerts.internal;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleExists;
import io.sonde.alerts.AlertRuleNotFound;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertRules;
import io.sonde.alerts.LiveValueReading;

/**
 * The module's face: rules checked, stored and versioned in Redis, then handed to the
 * engine at once (the engine also reads them every tick, so another replica's edits
 * arrive within a tick).
 */
final class StoredAlertRules implements AlertRules {

	private final RedisAlertStore store;

	private final AlertRuleCheck check;

	private final AlertEngine engine;

	private final LiveValues liveValues;

	private final Clock clock;

	StoredAlertRules(RedisAlertStore store, AlertRuleCheck check, AlertEngine engine, LiveValues liveValues,
			Clock clock) {
		this.store = store;
		this.check = check;
		this.engine = engine;
		this.liveValues = liveValues;
		this.clock = clock;
	}

	@Override
	public List<AlertRule> rules() {
		this.engine.refreshRules();
		return List.copyOf(this.engine.rules().values());
	}

	@Override
	public Optional<AlertRule> rule(String id) {
		return this.store.rule(id);
	}

	@Override
	public AlertRuleVersion create(AlertRule rule, String author, String comment) {
		AlertRule checked = this.check.checked(rule);
		if (!this.store.putIfAbsent(checked)) {
			throw new AlertRuleExists(checked.id());
		}
		return versionOf(checked, author, comment, false);
	}

	@Override
	public AlertRuleVersion update(String id, AlertRule rule, String author, String comment) {
		if (rule != null && rule.id() != null && !rule.id().equals(id)) {
			throw new io.sonde.alerts.AlertRuleRejected("id", "must be the rule's id '" + id
					+ "' or absent (a rule's id does not change), not '" + rule.id() + "'");
		}
		AlertRule checked = this.check.checked((rule != null) ? rule.withId(id) : null);
		this.store.rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
		this.store.put(checked);
		return versionOf(checked, author, comment, false);
	}

	@Override
	public AlertRuleVersion delete(String id, String author, String comment) {
		AlertRule last = this.store.rule(id).orElseThrow(() -> new AlertRuleNotFound(id));
		this.store.remove(id);
		return versionOf(last, author, comment, true);
	}

	@Override
	public List<AlertRuleVersion> versions(String id) {
		List<AlertRuleVersion> versions = this.store.versions(id);
		if (versions.isEmpty()) {
			throw new AlertRuleNotFound(id);
		}
		return versions;
	}

	@Override
	public List<Alert> firing() {
		return this.engine.firing();
	}

	@Override
	public List<Alert> history(int limit) {
		return this.store.history(limit);
	}

	@Override
	public List<LiveValueReading> liveValues() {
		return this.liveValues.readAll();
	}

	private AlertRuleVersion versionOf(AlertRule rule, String author, String comment, boolean deleted) {
		AlertRuleVersion version = this.store.appendVersion(rule.id(),
				(number) -> new AlertRuleVersion(number, author, this.clock.instant(), comment, rule, deleted));
		this.engine.refreshRules();
		return version;
	}

}
