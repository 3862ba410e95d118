package io.sonde.collectorfleet.internal;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.sonde.collectorfleet.CollectorStatus;

import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Every collector's counters hash, found by SCAN (never KEYS: Redis stays responsive),
 * with its liveness from {@code updated_ms}.
 */
class CountersHashes {

	private static final String PREFIX = "sonde:collector:";

	private static final String SUFFIX = ":counters";

	private final StringRedisTemplate redis;

	private final CollectorsProperties properties;

	private final Clock clock;

	CountersHashes(StringRedisTemplate redis, CollectorsProperties properties, Clock clock) {
		this.redis = redis;
		this.properties = properties;
		this.clock = clock;
	}

	List<CollectorStatus> all() {
		List<String> keys = new ArrayList<>();
		try (Cursor<String> cursor = this.redis
			.scan(ScanOptions.scanOptions().match(this.properties.countersPattern()).count(200).build())) {
			cursor.forEachRemaining(keys::add);
		}
		long now = this.clock.millis();
		List<CollectorStatus> out = new ArrayList<>();
		for (String key : keys) {
			Map<String, String> counters = new TreeMap<>();
			this.redis.opsForHash()
				.entries(key)
				.forEach((name, value) -> counters.put(name.toString(), value.toString()));
			if (counters.isEmpty()) {
				continue;
			}
			out.add(status(key, counters, now));
		}
		out.sort(Comparator.comparing(CollectorStatus::node).thenComparing(CollectorStatus::ifname));
		return out;
	}

	private CollectorStatus status(String key, Map<String, String> counters, long now) {
		String middle = key.substring(PREFIX.length(), key.length() - SUFFIX.length());
		int split = middle.lastIndexOf(':');
		String node = (split >= 0) ? middle.substring(0, split) : middle;
		String ifname = (split >= 0) ? middle.substring(split + 1) : "";
		Long age = null;
		String updated = counters.get("updated_ms");
		if (updated != null) {
			try {
				age = Math.max(0, now - Long.parseLong(updated));
			}
			catch (NumberFormatException ex) {
				age = null;
			}
		}
		boolean live = age != null && age <= this.properties.liveWithin().toMillis();
		return new CollectorStatus(node, ifname, live, age, counters);
	}

}
