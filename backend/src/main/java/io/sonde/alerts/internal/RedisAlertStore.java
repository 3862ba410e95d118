package io.sonde.alerts.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.LongFunction;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertsNotStored;
import io.sonde.core.redis.RedisJson;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Rules, their versions, firing alerts and the history in Redis: hash
 * {@code sonde:alerts:rules} (id -> the rule in force as JSON), string
 * {@code sonde:alerts:rules-changed} (a new random token with every change of the rules,
 * set in the same script as the change, so that evaluation reads one key per tick and the
 * whole hash only after a change), list {@code sonde:alerts:rule-versions:<id>} (every
 * version, oldest first; its length is the last version number, so RPUSH hands out
 * numbers atomically), hash {@code sonde:alerts:firing} (fingerprint ->
 * {@link FiringRecord}) and list {@code sonde:alerts:history} (resolved alerts, newest
 * first, trimmed to the history limit).
 */
class RedisAlertStore {

	static final String PREFIX = "sonde:alerts:";

	private static final RedisScript<Long> PUT = RedisScript
		.of("redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]); redis.call('SET', KEYS[2], ARGV[3]); return 1", Long.class);

	private static final RedisScript<Long> PUT_IF_ABSENT = RedisScript
		.of("if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end; "
				+ "redis.call('SET', KEYS[2], ARGV[3]); return 1", Long.class);

	private static final RedisScript<Long> REMOVE = RedisScript
		.of("redis.call('HDEL', KEYS[1], ARGV[1]); redis.call('SET', KEYS[2], ARGV[2]); return 1", Long.class);

	private final String rulesKey;

	private final String changedKey;

	private final String versionsPrefix;

	private final String firingKey;

	private final String historyKey;

	private final RedisJson store;

	private final int historyLimit;

	/**
	 * @param prefix {@value #PREFIX}; tests give each store its own, so that they share a
	 * Redis server
	 */
	RedisAlertStore(StringRedisTemplate redis, ObjectMapper json, int historyLimit, String prefix) {
		this.rulesKey = prefix + "rules";
		this.changedKey = prefix + "rules-changed";
		this.versionsPrefix = prefix + "rule-versions:";
		this.firingKey = prefix + "firing";
		this.historyKey = prefix + "history";
		this.store = new RedisJson(redis, json, RedisAlertStore::notStored);
		this.historyLimit = historyLimit;
	}

	/** The rules in force as stored, id -> JSON. */
	Map<String, String> rawRules() {
		return this.store.call("read the alert rules", () -> {
			Map<String, String> rules = new TreeMap<>();
			redis().opsForHash().entries(this.rulesKey).forEach((id, rule) -> rules.put((String) id, (String) rule));
			return rules;
		});
	}

	/**
	 * The token of the last change of the rules; null before the first one (or after
	 * Redis lost its data, which lost the rules with it).
	 */
	String rulesChanged() {
		return this.store.call("read the alert rules' change token", () -> redis().opsForValue().get(this.changedKey));
	}

	AlertRule parseRule(String text) {
		return this.store.read(text, AlertRule.class);
	}

	Optional<AlertRule> rule(String id) {
		return this.store.call("read alert rule " + id,
				() -> Optional.ofNullable(redis().opsForHash().get(this.rulesKey, id))
					.map((text) -> parseRule((String) text)));
	}

	/** Stores a new rule; false when one has its id already. */
	boolean putIfAbsent(AlertRule rule) {
		String stored = this.store.write(rule);
		return this.store.call("store alert rule " + rule.id(),
				() -> Long.valueOf(1)
					.equals(redis().execute(PUT_IF_ABSENT, List.of(this.rulesKey, this.changedKey), rule.id(), stored,
							token())));
	}

	void put(AlertRule rule) {
		String stored = this.store.write(rule);
		this.store.run("store alert rule " + rule.id(),
				() -> redis().execute(PUT, List.of(this.rulesKey, this.changedKey), rule.id(), stored, token()));
	}

	void remove(String id) {
		this.store.run("delete alert rule " + id,
				() -> redis().execute(REMOVE, List.of(this.rulesKey, this.changedKey), id, token()));
	}

	/**
	 * Appends a version built by {@code make} from its number (the versions' count after
	 * the append, reserved by appending a placeholder first).
	 */
	AlertRuleVersion appendVersion(String id, LongFunction<AlertRuleVersion> make) {
		String key = this.versionsPrefix + id;
		return this.store.call("store a version of alert rule " + id, () -> {
			Long length = redis().opsForList().rightPush(key, "");
			long number = (length != null) ? length : 1;
			AlertRuleVersion version = make.apply(number);
			redis().opsForList().set(key, number - 1, this.store.write(version));
			return version;
		});
	}

	/** Every version, newest first; empty when the rule never existed. */
	List<AlertRuleVersion> versions(String id) {
		return this.store.call("read the versions of alert rule " + id, () -> {
			List<String> stored = redis().opsForList().range(this.versionsPrefix + id, 0, -1);
			List<AlertRuleVersion> versions = new ArrayList<>();
			for (String text : (stored != null) ? stored : List.<String>of()) {
				if (!text.isEmpty()) {
					versions.add(this.store.read(text, AlertRuleVersion.class));
				}
			}
			Collections.reverse(versions);
			return versions;
		});
	}

	Map<String, FiringRecord> firing() {
		return this.store.call("read the firing alerts", () -> {
			Map<String, FiringRecord> firing = new TreeMap<>();
			redis().opsForHash()
				.entries(this.firingKey)
				.forEach((fingerprint, text) -> firing.put((String) fingerprint,
						this.store.read((String) text, FiringRecord.class)));
			return firing;
		});
	}

	void saveFiring(FiringRecord record) {
		String stored = this.store.write(record);
		this.store.run("store firing alert " + record.alert().fingerprint(),
				() -> redis().opsForHash().put(this.firingKey, record.alert().fingerprint(), stored));
	}

	/**
	 * Removes the alert from the firing ones and puts it, resolved, first in the history.
	 */
	void resolve(Alert resolved) {
		String stored = this.store.write(resolved);
		this.store.run("store resolved alert " + resolved.fingerprint(), () -> {
			redis().opsForList().leftPush(this.historyKey, stored);
			redis().opsForList().trim(this.historyKey, 0, this.historyLimit - 1);
			redis().opsForHash().delete(this.firingKey, resolved.fingerprint());
		});
	}

	List<Alert> history(int limit) {
		return this.store.call("read the alert history", () -> {
			List<String> stored = redis().opsForList().range(this.historyKey, 0, limit - 1);
			return ((stored != null) ? stored : List.<String>of()).stream()
				.map((text) -> this.store.read(text, Alert.class))
				.toList();
		});
	}

	private StringRedisTemplate redis() {
		return this.store.redis();
	}

	private static String token() {
		return UUID.randomUUID().toString();
	}

	private static AlertsNotStored notStored(String what, DataAccessException ex) {
		return new AlertsNotStored("could not " + what + " in Redis: " + ex.getMostSpecificCause().getMessage(), ex);
	}

}
