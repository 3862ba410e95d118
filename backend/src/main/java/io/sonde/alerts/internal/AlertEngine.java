package io.sonde.alerts.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertSelector;
import io.sonde.alerts.AlertStatus;
import io.sonde.alerts.AlertsNotStored;
import io.sonde.alerts.EventCountCondition;
import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueCondition;
import io.sonde.core.LoopHealth;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Evaluates every rule on each tick: event rules from {@link EventCounting}'s counts,
 * live rules from one read of each source. Each series is its own alert, known by its
 * fingerprint: it fires once its condition held for the rule's {@code for}, is notified
 * again every {@code repeatInterval} while it holds, and resolves when it no longer does.
 * Firing alerts are kept in Redis, and loaded before the first evaluation, so a restart
 * neither fires them again nor forgets them.
 *
 * <p>
 * A firing series that is absent (no event left in the window, no value from the source)
 * resolves, except that after a start event rules wait one window (their counts begin
 * empty) and live series wait {@code sonde.alerts.absent-grace} (a source may miss a
 * read). A rule deleted, disabled or changed resolves at once the alerts it no longer
 * produces.
 */
final class AlertEngine {

	private static final Logger log = LoggerFactory.getLogger(AlertEngine.class);

	private static final Duration FULL_READ = Duration.ofMinutes(1);

	private final RedisAlertStore store;

	private final EventCounting counting;

	private final LiveValues liveValues;

	private final Supplier<Map<Long, String>> switchNames;

	private final ApplicationEventPublisher publisher;

	private final Clock clock;

	private final AlertsProperties properties;

	private final Instant startedAt;

	private final LoopHealth health;

	private final Map<String, FiringRecord> firing = new ConcurrentHashMap<>();

	private final Map<String, Instant> pending = new HashMap<>();

	private final Map<String, Instant> absentSince = new HashMap<>();

	private volatile Map<String, AlertRule> rules = Map.of();

	private Map<String, String> storedRules;

	/** The change token the rules were last read at; see {@link #refreshRules()}. */
	private String rulesReadAt;

	private Instant rulesReadWhen = Instant.MIN;

	private boolean firingLoaded;

	AlertEngine(RedisAlertStore store, EventCounting counting, LiveValues liveValues,
			Supplier<Map<Long, String>> switchNames, ApplicationEventPublisher publisher, Clock clock,
			AlertsProperties properties) {
		this.store = store;
		this.counting = counting;
		this.liveValues = liveValues;
		this.switchNames = switchNames;
		this.publisher = publisher;
		this.clock = clock;
		this.properties = properties;
		this.startedAt = clock.instant();
		this.health = new LoopHealth("evaluating the alert rules", clock);
	}

	/** The alerts firing now, newest first. */
	List<Alert> firing() {
		return this.firing.values()
			.stream()
			.map(FiringRecord::alert)
			.sorted(Comparator.comparing(Alert::startsAt).reversed().thenComparing(Alert::fingerprint))
			.toList();
	}

	/** The rules as last read from Redis, by id. */
	Map<String, AlertRule> rules() {
		return this.rules;
	}

	/**
	 * Reads the rules again now (after an edit through this backend) and indexes them.
	 */
	synchronized void refreshRules() {
		readRules(this.store.rulesChanged());
	}

	/**
	 * Reads the rules when their change token moved (an edit by any replica) and, as a
	 * safety net, once a minute: one key read per tick instead of every rule.
	 */
	private void refreshRulesIfChanged() {
		String token = this.store.rulesChanged();
		Instant now = this.clock.instant();
		if (this.storedRules == null || !Objects.equals(token, this.rulesReadAt)
				|| !now.isBefore(this.rulesReadWhen.plus(FULL_READ))) {
			readRules(token);
		}
	}

	private void readRules(String token) {
		Map<String, String> stored = this.store.rawRules();
		this.rulesReadAt = token;
		this.rulesReadWhen = this.clock.instant();
		if (stored.equals(this.storedRules)) {
			return;
		}
		Map<String, AlertRule> parsed = new TreeMap<>();
		stored.forEach((id, text) -> parsed.put(id, this.store.parseRule(text)));
		this.rules = Map.copyOf(parsed);
		this.storedRules = stored;
		this.counting.useRules(List.copyOf(parsed.values()));
	}

	/** What the last ticks managed, for the {@code alerts} health component. */
	LoopHealth health() {
		return this.health;
	}

	/** One tick: every rule evaluated, notifications published. */
	synchronized void evaluate() {
		try {
			evaluateRules();
		}
		catch (AlertsNotStored ex) {
			// Without the firing alerts an evaluation would fire them again:
			// wait for Redis.
			log.warn("alert rules not evaluated: {}", ex.getMessage());
			this.health.failed(ex);
			return;
		}
		catch (RuntimeException ex) {
			this.health.failed(ex);
			throw ex;
		}
		if (this.health.succeeded()) {
			log.info("alert rules evaluated again");
		}
	}

	private void evaluateRules() {
		if (!this.firingLoaded) {
			this.firing.putAll(this.store.firing());
			this.firingLoaded = true;
		}
		refreshRulesIfChanged();
		try {
			this.counting.useSwitchNames(this.switchNames.get());
		}
		catch (RuntimeException ex) {
			// The names last read still hold; events of a new switch are labeled by id.
			log.debug("switch names not refreshed: {}", ex.getMessage());
		}
		Instant now = this.clock.instant();
		Map<String, Observation> seen = observe(now);
		for (Observation observation : seen.values()) {
			if (observation.holds()) {
				holds(observation, now);
			}
			else {
				this.pending.remove(observation.fingerprint());
				FiringRecord record = this.firing.get(observation.fingerprint());
				if (record != null && !countsRefilling(observation.rule(), now)) {
					resolve(record.withValue(observation.value()), now);
				}
			}
		}
		this.pending.keySet().removeIf((fingerprint) -> !seen.containsKey(fingerprint));
		this.absentSince.keySet().removeIf((fingerprint) -> seen.containsKey(fingerprint));
		for (FiringRecord record : List.copyOf(this.firing.values())) {
			if (!seen.containsKey(record.alert().fingerprint()) && absentLongEnough(record, now)) {
				resolve(record, now);
			}
		}
	}

	private Map<String, Observation> observe(Instant now) {
		Map<String, Observation> seen = new HashMap<>();
		Map<String, List<LiveValue>> reads = new HashMap<>();
		Map<Long, String> names = this.counting.switchNames();
		for (AlertRule rule : this.rules.values()) {
			if (!rule.enabled()) {
				continue;
			}
			if (rule.condition() instanceof EventCountCondition condition) {
				this.counting.countsAtLeast(rule.id(), now.toEpochMilli(), condition.count())
					.forEach((series, count) -> add(seen, Observation.of(rule, series.labels(names), count, true)));
			}
			else if (rule.condition() instanceof LiveValueCondition condition) {
				List<LiveValue> values = reads.computeIfAbsent(condition.value(), this.liveValues::read);
				for (LiveValue value : values) {
					if (selects(rule.selector(), value.labels())) {
						add(seen, Observation.of(rule, value.labels(), value.value(),
								condition.comparison().past(value.value(), condition.bound())));
					}
				}
			}
		}
		return seen;
	}

	private static void add(Map<String, Observation> seen, Observation observation) {
		seen.merge(observation.fingerprint(), observation, (first, second) -> first.holds() ? first : second);
	}

	private static boolean selects(AlertSelector selector, Map<String, String> labels) {
		return matches(selector.switchName(), labels.get("switch"))
				&& matches((selector.port() != null) ? selector.port().toString() : null, labels.get("port"))
				&& matches(selector.flow(), labels.get("flow"));
	}

	private static boolean matches(String wanted, String actual) {
		return wanted == null || wanted.equals(actual);
	}

	private void holds(Observation observation, Instant now) {
		String fingerprint = observation.fingerprint();
		AlertRule rule = observation.rule();
		FiringRecord record = this.firing.get(fingerprint);
		if (record == null) {
			Instant since = this.pending.computeIfAbsent(fingerprint, (f) -> now);
			if (!now.isBefore(since.plus(rule.forDuration()))) {
				fire(observation, now);
			}
			return;
		}
		Alert current = record.alert().withValue(observation.value());
		if (!now.isBefore(record.lastNotifiedAt().plus(rule.repeatInterval()))) {
			FiringRecord repeated = new FiringRecord(current, now, rule);
			save(repeated);
			this.firing.put(fingerprint, repeated);
			publish(AlertNotification.Kind.REPEAT, current, now);
		}
		else {
			this.firing.put(fingerprint, new FiringRecord(current, record.lastNotifiedAt(), rule));
		}
	}

	private void fire(Observation observation, Instant now) {
		AlertRule rule = observation.rule();
		Alert alert = new Alert(observation.fingerprint(), rule.id(), rule.name(), rule.severity(), AlertStatus.FIRING,
				observation.labels(), rule.annotations(), now, null, observation.value());
		FiringRecord record = new FiringRecord(alert, now, rule);
		save(record);
		this.firing.put(alert.fingerprint(), record);
		this.pending.remove(alert.fingerprint());
		publish(AlertNotification.Kind.FIRING, alert, now);
	}

	private boolean absentLongEnough(FiringRecord record, Instant now) {
		AlertRule rule = this.rules.get(record.alert().ruleId());
		if (rule == null || !rule.enabled() || !sameSeriesRule(rule, record.rule())) {
			return true;
		}
		if (rule.condition() instanceof EventCountCondition) {
			return !countsRefilling(rule, now);
		}
		Instant since = this.absentSince.computeIfAbsent(record.alert().fingerprint(), (f) -> now);
		Duration absent = Duration.between(since, now);
		return absent.compareTo(this.properties.absentGrace()) >= 0;
	}

	/**
	 * Whether an event rule's counts may still be short because this engine started less
	 * than a window ago (counts start empty): its firing alerts do not resolve until
	 * then.
	 */
	private boolean countsRefilling(AlertRule rule, Instant now) {
		return rule.condition() instanceof EventCountCondition condition
				&& now.isBefore(this.startedAt.plus(condition.window()));
	}

	/** Whether the rule would still produce the series the alert fired for. */
	private static boolean sameSeriesRule(AlertRule rule, AlertRule firedUnder) {
		return firedUnder == null || rule.equals(firedUnder);
	}

	private void resolve(FiringRecord record, Instant now) {
		Alert resolved = record.alert().resolvedAt(now);
		try {
			this.store.resolve(resolved);
		}
		catch (AlertsNotStored ex) {
			log.warn("alert {} resolved but not stored: {}", resolved.fingerprint(), ex.getMessage());
		}
		this.firing.remove(resolved.fingerprint());
		this.absentSince.remove(resolved.fingerprint());
		publish(AlertNotification.Kind.RESOLVED, resolved, now);
	}

	private void save(FiringRecord record) {
		try {
			this.store.saveFiring(record);
		}
		catch (AlertsNotStored ex) {
			log.warn("alert {} firing but not stored: {}", record.alert().fingerprint(), ex.getMessage());
		}
	}

	private void publish(AlertNotification.Kind kind, Alert alert, Instant now) {
		this.publisher.publishEvent(new AlertNotification(UUID.randomUUID().toString(), kind, alert, now));
	}

	/**
	 * One series seen on this tick.
	 *
	 * @param labels the alert's labels: the rule's, the series', then {@code alertname},
	 * {@code severity} and {@code rule_id}
	 */
	record Observation(String fingerprint, AlertRule rule, TreeMap<String, String> labels, double value,
			boolean holds) {

		static Observation of(AlertRule rule, Map<String, String> seriesLabels, double value, boolean holds) {
			TreeMap<String, String> labels = new TreeMap<>(rule.labels());
			labels.putAll(seriesLabels);
			labels.put("alertname", rule.name());
			labels.put("severity", rule.severity().json());
			labels.put("rule_id", rule.id());
			return new Observation(Alert.fingerprintOf(labels), rule, labels, value, holds);
		}

	}

}
