package io.sonde.store;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.agents.AgentStreamsFixture;
import io.sonde.ingest.CollectorEntriesFixture;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.RedisCallback;
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
 * A running backend whose Redis loses its data, by FLUSHALL and by SHUTDOWN NOSAVE and a
 * start without persistence on the same port: the {@code redisData} health component is
 * DOWN naming the reason and the time, the consumer groups are there again, events
 * published after the loss are stored, the system API lists what must be imported again
 * (and what is back), the switch the lost registry held stays managed; after the
 * acknowledgement health is UP again and the switch nobody registered again is let go.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The class stops, kills or empties the Redis this context holds: the context closes
// with the class.
@DirtiesContext
class RedisDataLossIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final String STREAM = "sonde:stream:events";

	private static final String AGENT = "data-loss-agent";

	/** 2026-11-03T00:00:00Z in ns. */
	private static final long T0 = Instant.parse("2026-11-03T00:00:00Z").getEpochSecond() * 1_000_000_000L;

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.switches.registry-refresh", () -> "1s");
		ApiCaller.registerTokens(properties);
	}

	@LocalServerPort
	int port;

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	HealthEndpoint health;

	@Autowired
	TimeSeriesSql sql;

	private ApiCaller api;

	@BeforeEach
	void healthyStore() {
		this.api = new ApiCaller(this.port);
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		await().atMost(Duration.ofSeconds(20)).until(() -> status("redisData") == Status.UP);
	}

	@Test
	void flushAllIsReportedUntilAcknowledgedWhileIngestGoesOn() {
		keepStateOfRecord("leaf-flushed");
		publishAndAwaitStored("before-flush", 50);

		this.redisTemplate.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});

		assertTheLossIsReportedAndIngestGoesOn("after-flush");
		importAgainAndAcknowledge("leaf-flushed");
	}

	@Test
	void shutdownNoSaveAndAStartWithoutPersistenceIsReportedToo() {
		keepStateOfRecord("leaf-restarted");
		publishAndAwaitStored("before-restart", 50);

		redis.shutdownNoSave();
		redis.restart();

		assertTheLossIsReportedAndIngestGoesOn("after-restart");
		importAgainAndAcknowledge("leaf-restarted");
	}

	/**
	 * Collector thresholds, a NIC agent's threshold and a switch (nothing answers at its
	 * address): three families.
	 */
	private void keepStateOfRecord(String switchName) {
		HttpResponse<String> thresholds = this.api.putJson("/api/v1/thresholds", "{\"hop_latency\": 40}",
				OPERATOR_TOKEN);
		assertThat(thresholds.statusCode()).as(thresholds.body()).isEqualTo(200);
		new AgentStreamsFixture(AGENT, "eth0", 1L).writeCounters(this.redisTemplate, System.currentTimeMillis(),
				Map.of());
		HttpResponse<String> agentThreshold = this.api.putJson(
				"/api/v1/agents/" + AGENT + "/thresholds/hop_latency.threshold", "{\"value\": 7000}", OPERATOR_TOKEN);
		assertThat(agentThreshold.statusCode()).as(agentThreshold.body()).isEqualTo(200);
		HttpResponse<String> registered = this.api.postJson("/api/v1/switches",
				"{\"name\":\"" + switchName + "\",\"host\":\"127.0.0.1\",\"port\":1,\"deviceId\":7}", OPERATOR_TOKEN);
		assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
		// The watch has seen them once the check after now is done.
		Instant written = Instant.now();
		await().atMost(Duration.ofSeconds(20))
			.until(() -> Instant.parse(system().get("checkedAt").asText()).isAfter(written));
	}

	private void assertTheLossIsReportedAndIngestGoesOn(String node) {
		await().atMost(Duration.ofSeconds(20)).until(() -> status("redisData") == Status.DOWN);
		Health down = (Health) this.health.healthForPath("redisData");
		String reason = String.valueOf(down.getDetails().get("reason"));
		Instant detectedAt = Instant.parse(String.valueOf(down.getDetails().get("detectedAt")));
		assertThat(reason).startsWith("Redis lost its data at " + detectedAt + ": epoch key sonde:epoch missing")
			.contains("to import again: ")
			.contains("switch registry")
			.contains("collector thresholds")
			.contains("NIC agent thresholds");
		assertThat(this.api.get("/actuator/health", null).statusCode()).isEqualTo(503);

		// Streams and groups again (the consumer may make its own group first, the
		// migrations make them all); what collectors publish now is stored.
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		await().atMost(Duration.ofSeconds(20))
			.until(() -> Boolean.TRUE.equals(this.redisTemplate.hasKey("sonde:stream:snapshots"))
					&& this.redisTemplate.opsForStream()
						.groups("sonde:stream:snapshots")
						.stream()
						.anyMatch((group) -> group.groupName().equals("backend")));
		publishAndAwaitStored(node, 50);
		await().atMost(Duration.ofSeconds(20)).until(() -> status("ingest") == Status.UP);

		JsonNode system = system();
		assertThat(system.at("/dataLoss/reason").asText()).startsWith("epoch key sonde:epoch missing");
		assertThat(system.at("/dataLoss/detectedAt").asText()).isEqualTo(detectedAt.toString());
		assertThat(names(system.get("toImport"))).contains("switch registry", "collector thresholds",
				"NIC agent thresholds");
		system.get("toImport")
			.forEach((state) -> assertThat(state.get("presentAgain").asBoolean()).as(state.toString()).isFalse());
		assertThat(system.at("/toImport/0/restore").asText()).isNotBlank();
	}

	private void importAgainAndAcknowledge(String keptSwitch) {
		// The lost registry's switch is still managed: nothing is let go unacknowledged.
		assertThat(this.api.get("/api/v1/switches/" + keptSwitch, VIEWER_TOKEN).statusCode()).isEqualTo(200);
		assertThat(((Health) this.health.healthForPath("registry")).getDetails().get("keptAfterDataLoss"))
			.isEqualTo(List.of(keptSwitch));

		assertThat(this.api.putJson("/api/v1/thresholds", "{\"hop_latency\": 40}", OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			JsonNode thresholds = find(system().get("toImport"), "collector thresholds");
			assertThat(thresholds.get("presentAgain").asBoolean()).isTrue();
		});

		HttpResponse<String> viewer = this.api.post("/api/v1/system/redis/acknowledge-data-loss", "application/json",
				"", VIEWER_TOKEN);
		assertThat(viewer.statusCode()).isEqualTo(403);
		assertThat(status("redisData")).isEqualTo(Status.DOWN);

		HttpResponse<String> acknowledged = this.api.post("/api/v1/system/redis/acknowledge-data-loss",
				"application/json", "", OPERATOR_TOKEN);
		assertThat(acknowledged.statusCode()).as(acknowledged.body()).isEqualTo(200);
		assertThat(json(acknowledged).get("dataLoss").isNull()).isTrue();
		assertThat(json(acknowledged).at("/epoch/acknowledgedBy").asText())
			.isEqualTo("api:" + ApiCaller.OPERATOR_TOKEN_NAME);
		assertThat(status("redisData")).isEqualTo(Status.UP);

		HttpResponse<String> again = this.api.post("/api/v1/system/redis/acknowledge-data-loss", "application/json", "",
				OPERATOR_TOKEN);
		assertThat(again.statusCode()).isEqualTo(409);
		assertThat(again.headers().firstValue("Content-Type")).hasValue("application/problem+json");

		// Acknowledged: the registry is the truth again, and nobody registered it again.
		await().atMost(Duration.ofSeconds(20))
			.until(() -> this.api.get("/api/v1/switches/" + keptSwitch, VIEWER_TOKEN).statusCode() == 404);
	}

	private void publishAndAwaitStored(String node, int events) {
		List<Map<String, String>> batch = new ArrayList<>();
		for (long seq = 1; seq <= events; seq++) {
			batch.add(CollectorEntriesFixture.hopLatency(node, seq, T0 + seq * 1000, seq));
		}
		this.redisTemplate.opsForStream()
			.add(org.springframework.data.redis.connection.stream.MapRecord.create(STREAM,
					CollectorEntriesFixture.batch(batch)));
		await().atMost(Duration.ofSeconds(30))
			.until(() -> ((Number) this.sql
				.select("SELECT count() AS rows FROM events WHERE source = ?", "xdp:" + node + "/eth0")
				.get(0)
				.get("rows")).longValue() == events);
	}

	private JsonNode system() {
		HttpResponse<String> response = this.api.get("/api/v1/system/redis", VIEWER_TOKEN);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json(response);
	}

	private static List<String> names(JsonNode states) {
		List<String> names = new ArrayList<>();
		states.forEach((state) -> names.add(state.get("name").asText()));
		return names;
	}

	private static JsonNode find(JsonNode states, String name) {
		for (JsonNode state : states) {
			if (state.get("name").asText().equals(name)) {
				return state;
			}
		}
		throw new AssertionError(name + " not in " + states);
	}

	private Status status(String component) {
		return this.health.healthForPath(component).getStatus();
	}

}
