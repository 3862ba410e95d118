package io.sonde.collectorfleet.internal;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.collectorfleet.CollectorThresholds;
import io.sonde.collectorfleet.ThresholdChange;
import io.sonde.collectorfleet.ThresholdDefault;
import io.sonde.collectorfleet.ThresholdRejected;
import io.sonde.ingest.CollectorMetric;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Thresholds through Redis as the contract says: HSET the hash, then PUBLISH the same
 * pairs on the channel of the same name; each change also pushed on a short list, newest
 * first, for the dashboard. Values travel as unsigned decimal strings and are
 * {@link BigInteger}s here, so 2^63 and above stay what they are.
 */
class RedisCollectorThresholds implements CollectorThresholds {

	private static final Logger log = LoggerFactory.getLogger(RedisCollectorThresholds.class);

	/** 2^64: what a signed long in an old history entry adds up to. */
	private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

	private static final TypeReference<Map<String, Object>> ENTRY = new TypeReference<>() {
	};

	private final StringRedisTemplate redis;

	private final CollectorsProperties properties;

	private final ObjectMapper json;

	private final Clock clock;

	RedisCollectorThresholds(StringRedisTemplate redis, CollectorsProperties properties, ObjectMapper json,
			Clock clock) {
		this.redis = redis;
		this.properties = properties;
		this.json = json;
		this.clock = clock;
	}

	@Override
	public Map<String, BigInteger> current() {
		Map<Object, Object> hash = this.redis.opsForHash().entries(this.properties.thresholds());
		Map<String, BigInteger> out = new LinkedHashMap<>();
		for (CollectorMetric metric : CollectorMetric.values()) {
			Object value = hash.get(metric.wireName());
			BigInteger stored = (value != null) ? parseStored(metric.wireName(), value.toString()) : null;
			out.put(metric.wireName(), (stored != null) ? stored : DefaultThresholds.of(metric.wireName()));
		}
		return out;
	}

	@Override
	public List<ThresholdDefault> defaults() {
		return DefaultThresholds.ALL;
	}

	@Override
	public ThresholdChange change(Map<String, ?> thresholds, String by) {
		Map<String, BigInteger> valid = validate(thresholds);
		Map<String, String> fields = valid.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (e) -> e.getValue().toString()));
		this.redis.opsForHash().putAll(this.properties.thresholds(), fields);
		return published(valid, by);
	}

	/**
	 * Writes each metric's default where the hash has no value (HSETNX: a value an
	 * operator set, even 0, stays), then publishes what it wrote, so collectors connected
	 * now apply it and the others read it from the hash when they connect.
	 * @return the change, or null when the hash already had every metric
	 */
	ThresholdChange writeMissingDefaults() {
		Map<String, BigInteger> written = new TreeMap<>();
		for (ThresholdDefault entry : DefaultThresholds.ALL) {
			Boolean set = this.redis.opsForHash()
				.putIfAbsent(this.properties.thresholds(), entry.metric(), entry.value().toString());
			if (Boolean.TRUE.equals(set)) {
				written.put(entry.metric(), entry.value());
			}
		}
		return written.isEmpty() ? null : published(written, ThresholdChange.DEFAULTS);
	}

	private ThresholdChange published(Map<String, BigInteger> values, String by) {
		String message = values.entrySet()
			.stream()
			.map((e) -> e.getKey() + "=" + e.getValue())
			.collect(Collectors.joining(" "));
		this.redis.convertAndSend(this.properties.thresholds(), message);
		ThresholdChange change = new ThresholdChange(this.clock.instant(), by, values);
		record(change);
		log.info("thresholds changed by {}: {}", by, message);
		return change;
	}

	private void record(ThresholdChange change) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("at_ms", change.at().toEpochMilli());
		entry.put("by", change.by());
		entry.put("thresholds", new TreeMap<>(change.thresholds()));
		try {
			this.redis.opsForList().leftPush(this.properties.thresholdHistory(), this.json.writeValueAsString(entry));
			this.redis.opsForList().trim(this.properties.thresholdHistory(), 0, this.properties.historySize() - 1);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("cannot write a threshold change as JSON", ex);
		}
	}

	@Override
	public List<ThresholdChange> history() {
		List<String> entries = this.redis.opsForList()
			.range(this.properties.thresholdHistory(), 0, this.properties.historySize() - 1);
		List<ThresholdChange> out = new ArrayList<>();
		for (String text : (entries != null) ? entries : List.<String>of()) {
			try {
				Map<String, Object> entry = this.json.readValue(text, ENTRY);
				Map<String, BigInteger> values = new TreeMap<>();
				((Map<?, ?>) entry.get("thresholds"))
					.forEach((metric, value) -> values.put(metric.toString(), unsignedOf((Number) value)));
				out.add(new ThresholdChange(Instant.ofEpochMilli(((Number) entry.get("at_ms")).longValue()),
						(String) entry.get("by"), values));
			}
			catch (JsonProcessingException | RuntimeException ex) {
				// A hand-edited or foreign entry: skip it rather than fail
				// the whole list.
				log.warn("skipping an unreadable threshold history entry: {}", text);
			}
		}
		return out;
	}

	/**
	 * A history value; entries written before values were unsigned hold 2^63 and above as
	 * negative longs.
	 */
	private static BigInteger unsignedOf(Number value) {
		BigInteger number = new BigInteger(value.toString());
		return (number.signum() < 0) ? number.add(TWO_TO_64) : number;
	}

	/** Every pair checked before anything is written: a change is whole or refused. */
	private static Map<String, BigInteger> validate(Map<String, ?> thresholds) {
		if (thresholds == null || thresholds.isEmpty()) {
			throw new ThresholdRejected("body", "name at least one metric, e.g. {\"hop_latency\": 40}");
		}
		Map<String, BigInteger> valid = new TreeMap<>();
		thresholds.forEach((name, value) -> {
			try {
				CollectorMetric.ofWireName(name);
			}
			catch (IllegalArgumentException ex) {
				throw new ThresholdRejected(name, "not a Table I metric (flow_path, flow_latency, hop_latency,"
						+ " queue_occupancy, queue_congestion, link_utilization)");
			}
			valid.put(name, threshold(name, value));
		});
		return valid;
	}

	private static BigInteger threshold(String name, Object value) {
		BigInteger number;
		if (value instanceof Integer || value instanceof Long || value instanceof Short) {
			number = BigInteger.valueOf(((Number) value).longValue());
		}
		else if (value instanceof BigInteger big) {
			number = big;
		}
		else if (value instanceof String text && text.matches("[0-9]{1,20}")) {
			number = new BigInteger(text);
		}
		else {
			throw new ThresholdRejected(name, "T(m) must be an unsigned integer in the metric's unit, not "
					+ ((value instanceof String) ? "'" + value + "'" : value));
		}
		if (number.signum() < 0 || number.compareTo(MAX) > 0) {
			throw new ThresholdRejected(name,
					"T(m) must be between 0 and 2^64-1 (18446744073709551615), not " + number);
		}
		return number;
	}

	private static BigInteger parseStored(String metric, String value) {
		try {
			BigInteger number = new BigInteger(value.trim());
			if (number.signum() >= 0 && number.compareTo(MAX) <= 0) {
				return number;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		log.warn("the thresholds hash holds '{}' for {}, not an unsigned 64-bit integer; showing the default", value,
				metric);
		return null;
	}

}
