package io.sonde.agents.internal;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.agents.AgentInputRejected;
import io.sonde.agents.AgentStatus;
import io.sonde.agents.AgentThreshold;
import io.sonde.agents.AgentThresholds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Each agent's thresholds as the backend keeps them
 * ({@code sonde:agents:<agent>:thresholds}, one JSON document per {@code metric.type}:
 * value, pinned, floor, last change), pushed to every interface of the agent as the
 * contract says: HSET its thresholds hash, then PUBLISH the same pairs on the channel of
 * that name. A threshold the backend has not set yet is the one the agent reports in
 * force ({@code threshold_<metric>_<type>}).
 */
class RedisAgentThresholds implements AgentThresholds {

	private static final Logger log = LoggerFactory.getLogger(RedisAgentThresholds.class);

	/** Every threshold the agent has: per metric a change and a threshold type. */
	static final List<String> KEYS = List.of("hop_latency.change", "hop_latency.threshold", "queue_occupancy.change",
			"queue_occupancy.threshold", "link_utilization.change", "link_utilization.threshold", "flow_latency.change",
			"flow_latency.threshold", "flow_path.change");

	private static final TypeReference<Map<String, Object>> DOCUMENT = new TypeReference<>() {
	};

	private final StringRedisTemplate redis;

	private final RedisAgentFleet fleet;

	private final ObjectMapper json;

	private final Clock clock;

	RedisAgentThresholds(StringRedisTemplate redis, RedisAgentFleet fleet, ObjectMapper json, Clock clock) {
		this.redis = redis;
		this.fleet = fleet;
		this.json = json;
		this.clock = clock;
	}

	/**
	 * A threshold with its floor, as the adaptive loop sees it.
	 *
	 * @param floor the least value the loop lowers it to: what an operator set, else the
	 * first value the backend saw
	 */
	record Owned(BigInteger value, boolean pinned, BigInteger floor, AgentThreshold.LastChange lastChange) {

		AgentThreshold shown() {
			return new AgentThreshold(this.value, this.pinned, this.lastChange);
		}

	}

	@Override
	public Map<String, AgentThreshold> of(String agent) {
		Map<String, AgentThreshold> out = new LinkedHashMap<>();
		owned(agent).forEach((key, owned) -> out.put(key, owned.shown()));
		return out;
	}

	/** Every threshold of the agent known to the backend or reported by the agent. */
	synchronized Map<String, Owned> owned(String agent) {
		Map<String, Owned> out = new LinkedHashMap<>();
		Map<String, BigInteger> inForce = inForce(agent);
		Map<Object, Object> state = this.redis.opsForHash().entries(AgentsProperties.stateKey(agent));
		for (String key : KEYS) {
			Object stored = state.get(key);
			if (stored != null) {
				Owned owned = read(stored.toString());
				if (owned != null) {
					out.put(key, owned);
					continue;
				}
			}
			BigInteger value = inForce.get(key);
			if (value != null) {
				out.put(key, new Owned(value, false, value, null));
			}
		}
		return out;
	}

	@Override
	public synchronized AgentThreshold set(String agent, String threshold, BigInteger value, Boolean pinned,
			String by) {
		if (!KEYS.contains(threshold)) {
			throw new AgentInputRejected("threshold", "'" + threshold + "' is not one of " + KEYS);
		}
		if (value == null && pinned == null) {
			throw new AgentInputRejected("body", "name a value, pinned, or both, e.g. {\"value\": 5000}");
		}
		if (value != null && (value.signum() < 0 || value.compareTo(MAX) > 0)) {
			throw new AgentInputRejected("value", "must be between 0 and 2^64-1, not " + value);
		}
		Owned before = owned(agent).get(threshold);
		if (before == null && value == null) {
			throw new AgentInputRejected("value", "agent " + agent + " reports no " + threshold + ": give a value");
		}
		BigInteger next = (value != null) ? value : before.value();
		boolean pin = (pinned != null) ? pinned : (before != null && before.pinned());
		BigInteger floor = (value != null) ? value : before.floor();
		AgentThreshold.LastChange change = (before == null || !next.equals(before.value()))
				? new AgentThreshold.LastChange(this.clock.instant(), by, (before != null) ? before.value() : null)
				: before.lastChange();
		Owned after = new Owned(next, pin, floor, change);
		store(agent, Map.of(threshold, after));
		push(agent, Map.of(threshold, next));
		return after.shown();
	}

	/**
	 * The adaptive loop's changes: stored with their last change, pushed in one message.
	 */
	synchronized void adapted(String agent, Map<String, BigInteger> values) {
		Map<String, Owned> current = owned(agent);
		Map<String, Owned> changed = new TreeMap<>();
		Instant now = this.clock.instant();
		values.forEach((key, value) -> {
			Owned before = current.get(key);
			changed.put(key, new Owned(value, false, before.floor(),
					new AgentThreshold.LastChange(now, ADAPTIVE, before.value())));
		});
		store(agent, changed);
		push(agent, values);
	}

	private void store(String agent, Map<String, Owned> thresholds) {
		Map<String, String> fields = new TreeMap<>();
		thresholds.forEach((key, owned) -> fields.put(key, write(owned)));
		this.redis.opsForHash().putAll(AgentsProperties.stateKey(agent), fields);
		this.redis.opsForSet().add(AgentsProperties.THRESHOLD_OWNERS, agent);
	}

	/** HSET every interface's hash, then PUBLISH the same pairs on its channel. */
	private void push(String agent, Map<String, BigInteger> values) {
		Map<String, String> pairs = new TreeMap<>();
		values.forEach((key, value) -> pairs.put(key, value.toString()));
		String message = pairs.entrySet()
			.stream()
			.map((e) -> e.getKey() + "=" + e.getValue())
			.collect(Collectors.joining(" "));
		for (AgentStatus status : this.fleet.of(agent)) {
			String key = AgentsProperties.thresholdsKey(agent, status.ifname());
			this.redis.opsForHash().putAll(key, pairs);
			this.redis.convertAndSend(key, message);
		}
		log.info("thresholds of agent {} set: {}", agent, message);
	}

	/** What the agent's interfaces report in force, the first that reports a key. */
	private Map<String, BigInteger> inForce(String agent) {
		Map<String, BigInteger> out = new TreeMap<>();
		for (AgentStatus status : this.fleet.of(agent)) {
			for (String key : KEYS) {
				String reported = status.counters().get("threshold_" + key.replace('.', '_'));
				if (reported != null && reported.matches("[0-9]{1,20}") && !out.containsKey(key)) {
					out.put(key, new BigInteger(reported));
				}
			}
		}
		return out;
	}

	private String write(Owned owned) {
		Map<String, Object> document = new LinkedHashMap<>();
		document.put("value", owned.value().toString());
		document.put("pinned", owned.pinned());
		document.put("floor", owned.floor().toString());
		AgentThreshold.LastChange change = owned.lastChange();
		if (change != null) {
			document.put("at_ms", change.at().toEpochMilli());
			document.put("by", change.by());
			document.put("previous", (change.previous() != null) ? change.previous().toString() : null);
		}
		try {
			return this.json.writeValueAsString(document);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write a threshold as JSON", ex);
		}
	}

	private Owned read(String text) {
		try {
			Map<String, Object> document = this.json.readValue(text, DOCUMENT);
			AgentThreshold.LastChange change = null;
			if (document.get("at_ms") != null) {
				Object previous = document.get("previous");
				change = new AgentThreshold.LastChange(
						Instant.ofEpochMilli(((Number) document.get("at_ms")).longValue()), (String) document.get("by"),
						(previous != null) ? new BigInteger(previous.toString()) : null);
			}
			return new Owned(new BigInteger(document.get("value").toString()),
					Boolean.TRUE.equals(document.get("pinned")), new BigInteger(document.get("floor").toString()),
					change);
		}
		catch (JsonProcessingException | RuntimeException ex) {
			log.warn("skipping an unreadable agent threshold: {}", text);
			return null;
		}
	}

}
