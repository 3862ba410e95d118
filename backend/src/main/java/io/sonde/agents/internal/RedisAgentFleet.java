package io.sonde.agents.internal;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.agents.AgentFleet;
import io.sonde.agents.AgentStatus;

import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Every agent's counters hash, found by SCAN (never KEYS), up while its
 * {@code updated_ms} is recent, as the collector fleet judges collectors.
 */
class RedisAgentFleet implements AgentFleet {

	private static final String SUFFIX = ":counters";

	private final StringRedisTemplate redis;

	private final AgentsProperties properties;

	private final Clock clock;

	RedisAgentFleet(StringRedisTemplate redis, AgentsProperties properties, Clock clock) {
		this.redis = redis;
		this.properties = properties;
		this.clock = clock;
	}

	@Override
	public List<AgentStatus> agents() {
		List<String> keys = new ArrayList<>();
		try (Cursor<String> cursor = this.redis.scan(
				ScanOptions.scanOptions().match(AgentsProperties.COUNTERS_PREFIX + "*" + SUFFIX).count(200).build())) {
			cursor.forEachRemaining(keys::add);
		}
		long now = this.clock.millis();
		List<AgentStatus> out = new ArrayList<>();
		for (String key : keys) {
			Map<String, String> counters = new TreeMap<>();
			this.redis.opsForHash()
				.entries(key)
				.forEach((name, value) -> counters.put(name.toString(), value.toString()));
			String middle = key.substring(AgentsProperties.COUNTERS_PREFIX.length(), key.length() - SUFFIX.length());
			int split = middle.lastIndexOf(':');
			if (counters.isEmpty() || split <= 0) {
				continue;
			}
			Instant lastSeen = updated(counters.get("updated_ms"));
			boolean up = lastSeen != null && now - lastSeen.toEpochMilli() <= this.properties.liveWithin().toMillis();
			out.add(new AgentStatus(middle.substring(0, split), middle.substring(split + 1), up, lastSeen, counters));
		}
		out.sort(Comparator.comparing(AgentStatus::agent).thenComparing(AgentStatus::ifname));
		return out;
	}

	/** The interfaces of one agent. */
	List<AgentStatus> of(String agent) {
		return agents().stream().filter((status) -> status.agent().equals(agent)).toList();
	}

	private static Instant updated(String millis) {
		if (millis == null) {
			return null;
		}
		try {
			return Instant.ofEpochMilli(Long.parseLong(millis));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
