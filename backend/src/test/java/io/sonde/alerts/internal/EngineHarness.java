package io.sonde.alerts.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.sonde.alerts.AlertNotification;
import io.sonde.alerts.LiveValue;
import io.sonde.alerts.LiveValueSource;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The engine wired as the module wires it, on a real Redis under a key prefix of its own
 * (so tests share a server), with a stepping clock, live values a test sets, and a
 * recorder of the notifications published. {@link #restart()} makes a new engine on the
 * same Redis, as a backend restart does.
 */
final class EngineHarness implements AutoCloseable {

	static final ObjectMapper JSON = JsonMapper.builder()
		.findAndAddModules()
		.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
		.build();

	final SteppingClock clock = new SteppingClock(Instant.parse("2026-11-27T10:00:00Z"));

	final List<AlertNotification> published = new CopyOnWriteArrayList<>();

	final Map<String, List<LiveValue>> values = new ConcurrentHashMap<>();

	final String prefix = "test:alerts:" + UUID.randomUUID() + ":";

	final AlertsProperties properties;

	private final LettuceConnectionFactory connections;

	final StringRedisTemplate redis;

	RedisAlertStore store;

	EventCounting counting;

	AlertEngine engine;

	StoredAlertRules rules;

	EngineHarness(int redisPort, AlertsProperties properties) {
		this.properties = properties;
		this.connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", redisPort));
		this.connections.afterPropertiesSet();
		this.connections.start();
		this.redis = new StringRedisTemplate(this.connections);
		this.values.put("test.level", List.of());
		this.values.put("test.other", List.of());
		restart();
	}

	/**
	 * A new store, counting and engine on the same Redis: what a backend restart makes.
	 */
	void restart() {
		this.store = new RedisAlertStore(this.redis, JSON, this.properties.historyLimit(), this.prefix);
		this.counting = new EventCounting(this.properties.maxSeriesPerRule());
		List<LiveValueSource> sources = new ArrayList<>();
		this.values.keySet().forEach((name) -> sources.add(source(name)));
		LiveValues liveValues = new LiveValues(() -> sources);
		this.engine = new AlertEngine(this.store, this.counting, liveValues, () -> Map.of(7L, "leaf-7"),
				(event) -> this.published.add((AlertNotification) event), this.clock, this.properties);
		this.rules = new StoredAlertRules(this.store, new AlertRuleCheck(liveValues::names), this.engine, liveValues,
				this.clock);
	}

	void set(String name, LiveValue... series) {
		this.values.put(name, List.of(series));
	}

	List<AlertNotification.Kind> kinds() {
		return this.published.stream().map(AlertNotification::kind).toList();
	}

	private LiveValueSource source(String name) {
		return new LiveValueSource() {

			@Override
			public String name() {
				return name;
			}

			@Override
			public String description() {
				return "set by the test";
			}

			@Override
			public String unit() {
				return "1";
			}

			@Override
			public List<LiveValue> read() {
				return EngineHarness.this.values.getOrDefault(name, List.of());
			}

		};
	}

	@Override
	public void close() {
		var keys = this.redis.keys(this.prefix + "*");
		if (keys != null && !keys.isEmpty()) {
			this.redis.delete(keys);
		}
		disconnect();
	}

	/** Closes the connections without cleaning up: for a harness whose Redis is gone. */
	void disconnect() {
		this.connections.destroy();
	}

}
