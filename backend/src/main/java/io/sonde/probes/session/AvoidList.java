package io.sonde.probes.session;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.sonde.probes.Link;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The closed loop's memory, in the Redis hash {@value #KEY}: components a session marked
 * unavailable, each until a time, so the next sessions plan around them. Field
 * {@code switch:<name>} or {@code link:<a>--<b>}, value
 * {@code <until epoch ms> <session id>}. A restart keeps it.
 */
class AvoidList {

	static final String KEY = "sonde:probes:avoid";

	private final StringRedisTemplate redis;

	AvoidList(StringRedisTemplate redis) {
		this.redis = redis;
	}

	static String linkField(Link link) {
		return "link:" + link;
	}

	void avoid(String field, Instant until, String session) {
		this.redis.opsForHash().put(KEY, field, until.toEpochMilli() + " " + session);
	}

	void clear(String field) {
		this.redis.opsForHash().delete(KEY, field);
	}

	void clearAll() {
		this.redis.delete(KEY);
	}

	/**
	 * What is avoided at {@code now}, field to the session that marked it; expired
	 * entries are removed on the way.
	 */
	Map<String, String> current(Instant now) {
		Map<String, String> current = new LinkedHashMap<>();
		Map<Object, Object> stored = this.redis.opsForHash().entries(KEY);
		stored.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey((a, b) -> a.toString().compareTo(b.toString())))
			.forEach((entry) -> {
				String[] value = entry.getValue().toString().split(" ", 2);
				long until = parse(value[0]);
				if (until > now.toEpochMilli()) {
					current.put(entry.getKey().toString(), (value.length > 1) ? value[1] : "?");
				}
				else {
					clear(entry.getKey().toString());
				}
			});
		return current;
	}

	private static long parse(String text) {
		try {
			return Long.parseLong(text);
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
