package io.sonde.store;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.events.SseClient;
import io.sonde.ingest.CollectorEntriesFixture;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every background loop that reads Redis, through a Redis SIGKILLed and started again
 * from its append-only file (appendfsync everysec, as in production): each health
 * component says DOWN while Redis is gone and UP after, and each loop works again without
 * a manual step. The Java collector's thresholds subscription is made again and the hash
 * read again (a value written while the collector was cut off is applied; a change
 * published after is too); its counters are written again, so the collectors API and the
 * accounting see it live; the live-stream tail delivers events published after the
 * restart to an SSE client that was open before; the switch registry refresh sees a
 * change another replica made; ingest stores what is published. Redis kept its data, so
 * {@code redisData} stays UP.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The class stops, kills or empties the Redis this context holds: the context closes
// with the class.
@DirtiesContext
class BackgroundLoopsAfterRedisRestartIntegrationTests {

	private static final String NODE = "loops-node";

	private static final String COUNTERS = "sonde:collector:" + NODE + ":udp:counters";

	private static final List<String> LOOPS = List.of("ingest", "live", "registry", "udpCollector");

	/** 2026-11-04T00:00:00Z in ns. */
	private static final long T0 = Instant.parse("2026-11-04T00:00:00Z").getEpochSecond() * 1_000_000_000L;

	@TempDir
	static Path redisDir;

	private static RedisServerProcess redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.startAppendOnly(redisDir, "everysec");
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.ingest.udp.enabled", () -> "true");
		properties.add("sonde.ingest.udp.port", () -> "0");
		properties.add("sonde.ingest.udp.node-id", () -> NODE);
		properties.add("sonde.ingest.udp.counters-interval", () -> "200ms");
		properties.add("sonde.switches.registry-refresh", () -> "1s");
		ApiCaller.registerTokens(properties);
	}

	@LocalServerPort
	int port;

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	HealthEndpoint health;

	@Test
	void everyLoopSaysItIsDownWhileRedisIsGoneAndWorksAgainAfter() throws Exception {
		ApiCaller api = new ApiCaller(this.port);
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> LOOPS.forEach((loop) -> assertThat(status(loop)).as(loop).isEqualTo(Status.UP)));
		assertThat(api.putJson("/api/v1/thresholds", "{\"hop_latency\": 40}", OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		await().atMost(Duration.ofSeconds(20)).until(() -> "40".equals(counter("threshold_hop_latency")));
		HttpResponse<String> registered = api.postJson("/api/v1/switches",
				"{\"name\":\"leaf-elsewhere\",\"host\":\"127.0.0.1\",\"port\":1,\"deviceId\":9}", OPERATOR_TOKEN);
		assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
		long subscriptionsBefore = subscriptions();
		// Everything above on disk: everysec's window is the collectors' concern,
		// not this test's.
		Thread.sleep(1500);

		try (SseClient live = SseClient.open(this.port, "/api/v1/events/stream?source=xdp:" + NODE + "/eth0",
				VIEWER_TOKEN, null)) {
			assertThat(live.status()).isEqualTo(200);

			redis.kill();
			try {
				await().atMost(Duration.ofSeconds(30))
					.untilAsserted(
							() -> LOOPS.forEach((loop) -> assertThat(status(loop)).as(loop).isEqualTo(Status.DOWN)));
				changeThresholdsWhileTheCollectorIsCutOff();
			}
			finally {
				redis.restart();
			}

			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> LOOPS.forEach((loop) -> assertThat(status(loop)).as(loop).isEqualTo(Status.UP)));
			assertThat(status("redisData")).as("Redis kept its data").isEqualTo(Status.UP);

			// Thresholds: subscribed again, the hash read again, and
			// messages heard again.
			await().atMost(Duration.ofSeconds(20)).until(() -> "77".equals(counter("threshold_hop_latency")));
			assertThat(subscriptions()).isGreaterThan(subscriptionsBefore);
			assertThat(api.putJson("/api/v1/thresholds", "{\"hop_latency\": 55}", OPERATOR_TOKEN).statusCode())
				.isEqualTo(200);
			await().atMost(Duration.ofSeconds(20)).until(() -> "55".equals(counter("threshold_hop_latency")));

			// The collector's counters: written again, so it is live in the API
			// and the accounting.
			this.redisTemplate.delete(COUNTERS);
			await().atMost(Duration.ofSeconds(20)).until(() -> counter("updated_ms") != null);
			JsonNode collectors = json(api.get("/api/v1/collectors", VIEWER_TOKEN));
			assertThat(collectors).anySatisfy((collector) -> {
				assertThat(collector.get("node").asText()).isEqualTo(NODE);
				assertThat(collector.get("live").asBoolean()).isTrue();
			});
			assertThat(json(api.get("/api/v1/accounting", VIEWER_TOKEN)).get("metricValuesUncounted")).isEmpty();

			// Ingest and the live tail: an event published now reaches the open client.
			this.redisTemplate.opsForStream()
				.add(MapRecord.create("sonde:stream:events", CollectorEntriesFixture
					.batch(List.of(CollectorEntriesFixture.hopLatency(NODE, 1, T0 + 1000, 123)))));
			assertThat(live.collect("telemetry", 1, Duration.ofSeconds(30))).hasSize(1);

			// The registry: another replica let the switch go; this one follows.
			this.redisTemplate.opsForHash().delete("sonde:switches:devices", "leaf-elsewhere");
			await().atMost(Duration.ofSeconds(20))
				.until(() -> api.get("/api/v1/switches/leaf-elsewhere", VIEWER_TOKEN).statusCode() == 404);
		}
	}

	/**
	 * The hash written to the append-only file by another Redis process on it (as an
	 * operator on the restored Redis before Sonde reconnects would): no message is
	 * published, so only reading the hash again after the resubscription applies it.
	 */
	private static void changeThresholdsWhileTheCollectorIsCutOff() {
		RedisServerProcess other = RedisServerProcess.startAppendOnly(redisDir, "everysec");
		LettuceConnectionFactory connections = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", other.port()));
		try {
			connections.afterPropertiesSet();
			connections.start();
			new StringRedisTemplate(connections).opsForHash().put("sonde:collector:thresholds", "hop_latency", "77");
		}
		finally {
			connections.destroy();
			other.stop();
		}
	}

	private String counter(String name) {
		Object value = this.redisTemplate.opsForHash().get(COUNTERS, name);
		return (value != null) ? value.toString() : null;
	}

	private long subscriptions() {
		Map<String, Object> details = ((org.springframework.boot.actuate.health.Health) this.health
			.healthForPath("udpCollector")).getDetails();
		return ((Number) details.get("thresholdSubscriptions")).longValue();
	}

	private Status status(String component) {
		return this.health.healthForPath(component).getStatus();
	}

}
