package io.sonde.alerts.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertRule;
import io.sonde.alerts.AlertRuleVersion;
import io.sonde.alerts.AlertsNotStored;

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

	private final StringRedisTemplate redis;

	private final ObjectMapper json;

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
		this.redis = redis;
		this.json = json;
		this.historyLimit = historyLimit;
	}

	/** The rules in force as stored, id -> JSON. */
	Map<String, String> rawRules() {
		try {
			Map<Object, Object> entries = this.redis.opsForHash().entries(this.rulesKey);
			Map<String, String> rules = new TreeMap<>();
			entries.forEach((id, rule) -> rules.put((String) id, (String) rule));
			return rules;
		}
		catch (DataAccessException ex) {
			throw notStored("read the alert rules", ex);
		}
	}

	/**
	 * The token of the last change of the rules; null before the first one (or after
	 * Redis lost its data, which lost the rules with it).
	 */
	String rulesChanged() {
		try {
			return this.redis.opsForValue().get(this.changedKey);
		}
		catch (DataAccessException ex) {
			throw notStored("read the alert rules' change token", ex);
		}
	}

	AlertRule parseRule(String text) {
		return read(text, AlertRule.class);
	}

	Optional<AlertRule> rule(String id) {
		try {
			Object stored = this.redis.opsForHash().get(this.rulesKey, id);
			return Optional.ofNullable(stored).map((text) -> parseRule((String) text));
		}
		catch (DataAccessException ex) {
			throw notStored("read alert rule " + id, ex);
		}
	}

	/** Stores a new rule; false when one has its id already. */
	boolean putIfAbsent(AlertRule rule) {
		try {
			return Long.valueOf(1)
				.equals(this.redis.execute(PUT_IF_ABSENT, List.of(this.rulesKey, this.changedKey), rule.id(),
						write(rule), token()));
		}
		catch (DataAccessException ex) {
			throw notStored("store alert rule " + rule.id(), ex);
		}
	}

	void put(AlertRule rule) {
		try {
			this.redis.execute(PUT, List.of(this.rulesKey, this.changedKey), rule.id(), write(rule), token());
		}
		catch (DataAccessException ex) {
			throw notStored("store alert rule " + rule.id(), ex);
		}
	}

	void remove(String id) {
		try {
			this.redis.execute(REMOVE, List.of(this.rulesKey, this.changedKey), id, token());
		}
		catch (DataAccessException ex) {
			throw notStored("delete alert rule " + id, ex);
		}
	}

	/**
	 * Appends a version built by {@code make} from its number (the versions' count after
	 * the append, reserved by appending a placeholder first).
	 */
	AlertRuleVersion appendVersion(String id, java.util.function.LongFunction<AlertRuleVersion> make) {
		String key = this.versionsPrefix + id;
		try {
			Long length = this.redis.opsForList().rightPush(key, "");
			long number = (length != null) ? length : 1;
			AlertRuleVersion version = make.apply(number);
			this.redis.opsForList().set(key, number - 1, write(version));
			return version;
		}
		catch (DataAccessException ex) {
			throw notStored("store a version of alert rule " + id, ex);
		}
	}

	/** Every version, newest first; empty when the rule never existed. */
	List<AlertRuleVersion> versions(String id) {
		try {
			List<String> stored = this.redis.opsForList().range(this.versionsPrefix + id, 0, -1);
			List<AlertRuleVersion> versions = new ArrayList<>();
			for (String text : (stored != null) ? stored : List.<String>of()) {
				if (!text.isEmpty()) {
					versions.add(read(text, AlertRuleVersion.class));
				}
			}
			Collections.reverse(versions);
			return versions;
		}
		catch (DataAccessException ex) {
			throw notStored("read the versions of alert rule " + id, ex);
		}
	}

	Map<String, FiringRecord> firing() {
		try {
			Map<String, FiringRecord> firing = new TreeMap<>();
			this.redis.opsForHash()
				.entries(this.firingKey)
				.forEach((fingerprint, text) -> firing.put((String) fingerprint,
						read((String) text, FiringRecord.class)));
			return firing;
		}
		catch (DataAccessException ex) {
			throw notStored("read the firing alerts", ex);
		}
	}

	void saveFiring(FiringRecord record) {
		try {
			this.redis.opsForHash().put(this.firingKey, record.alert().fingerprint(), write(record));
		}
		catch (DataAccessException ex) {
			throw notStored("store firing alert " + record.alert().fingerprint(), ex);
		}
	}

	/**
	 * Removes the alert from the firing ones and puts it, resolved, first in the history.
	 */
	void resolve(Alert resolved) {
		try {
			this.redis.opsForList().leftPush(this.historyKey, write(resolved));
			this.redis.opsForList().trim(this.historyKey, 0, this.historyLimit - 1);
			this.redis.opsForHash().delete(this.firingKey, resolved.fingerprint());
		}
		catch (DataAccessException ex) {
			throw notStored("store resolved alert " + resolved.fingerprint(), ex);
		}
	}

	List<Alert> history(int limit) {
		try {
			List<String> stored = this.redis.opsForList().range(this.historyKey, 0, limit - 1);
			return ((stored != null) ? stored : List.<String>of()).stream()
				.map((text) -> read(text, Alert.class))
				.toList();
		}
		catch (DataAccessException ex) {
			throw notStored("read the alert history", ex);
		}
	}

	private static String token() {
		return UUID.randomUUID().toString();
	}

	private String write(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	private <T> T read(String text, Class<T> type) {
		try {
			return this.json.readValue(text, type);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("stored " + type.getSimpleName() + " is not readable: " + text, ex);
		}
	}

	private static AlertsNotStored notStored(String what, DataAccessException ex) {
		return new AlertsNotStored("could not " + what + " in Redis: " + ex.getMostSpecificCause().getMessage(), ex);
	}

}
