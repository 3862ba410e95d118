package io.sonde.probes.session;

import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.SondeApplication;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.sonde.probes.session.ProbeRing.runSession;
import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The backend stopped and started again on the same Redis keeps its session history, a
 * session cut short by the stop is recorded as interrupted, and no session starts while
 * another replica holds the session lease.
 */
class ProbeSessionHistoryRestartIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final EmulatedNetwork network = EmulatedNetwork.start(ProbeRing.ring(3),
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withP4RuntimeBasePort(0).withCollector(null));

	@AfterAll
	static void stopEverything() {
		network.close();
	}

	@Test
	void keepsTheHistoryAcrossARestartAndRecordsTheSessionTheStopCutShort() throws Exception {
		JsonNode completed;
		String cutShort;
		try (ConfigurableApplicationContext first = start()) {
			ApiCaller api = api(first);
			ProbeRing.importAndRegister(api, network);
			completed = runSession(api, "{}");
			assertThat(completed.get("status").asText()).as(completed.toString()).isEqualTo("COMPLETED");

			// A link that drops everything keeps the next session waiting for t_f (10 s
			// here, on the switches) before the recovery notification: the stop comes
			// first, however slowly the context closes.
			network.changeLink("s1/s2", LinkChange.loss(1.0));
			network.changeLink("s2/s3", LinkChange.loss(1.0));
			network.changeLink("s3/s1", LinkChange.loss(1.0));
			HttpResponse<String> started = api.postJson("/api/v1/probes/sessions", "{}", OPERATOR_TOKEN);
			assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
			cutShort = json(started).get("id").asText();
		}
		finally {
			network.resetLink("s1/s2");
			network.resetLink("s2/s3");
			network.resetLink("s3/s1");
		}

		try (ConfigurableApplicationContext second = start()) {
			ApiCaller api = api(second);
			JsonNode stored = json(api.get("/api/v1/probes/sessions/" + completed.get("id").asText(), VIEWER_TOKEN));
			assertThat(stored).isEqualTo(completed);
			JsonNode interrupted = json(api.get("/api/v1/probes/sessions/" + cutShort, VIEWER_TOKEN));
			assertThat(interrupted.get("status").asText()).as(interrupted.toString()).isEqualTo("INTERRUPTED");
			assertThat(interrupted.get("failure").asText()).contains("backend stopped");
			assertThat(json(api.get("/api/v1/probes/sessions?status=interrupted", VIEWER_TOKEN)))
				.extracting((session) -> session.get("id").asText())
				.contains(cutShort);

			await().atMost(ProbeRing.SETTLE).untilAsserted(() -> {
				JsonNode view = json(api.get("/api/v1/switches/s1", VIEWER_TOKEN));
				assertThat(view.toString()).contains("PRIMARY");
			});
			JsonNode after = runSession(api, "{}");
			assertThat(after.get("status").asText()).as(after.toString()).isEqualTo("COMPLETED");
			assertThat(Long.parseLong(after.get("id").asText().substring(3))).as("ids keep counting after the restart")
				.isGreaterThan(Long.parseLong(cutShort.substring(3)));
			assertThat(json(api.get("/api/v1/probes/sessions", VIEWER_TOKEN)))
				.extracting((session) -> session.get("id").asText())
				.contains(completed.get("id").asText(), cutShort, after.get("id").asText());
		}
	}

	@Test
	void startsNoSessionWhileAnotherReplicaHoldsTheLease() {
		try (ConfigurableApplicationContext backend = start()) {
			ApiCaller api = api(backend);
			ProbeRing.importAndRegister(api, network);
			StringRedisTemplate redisClient = backend.getBean(StringRedisTemplate.class);
			redisClient.opsForValue().set(SessionLease.KEY, "other-replica/ps-77", Duration.ofMinutes(1));

			HttpResponse<String> refused = api.postJson("/api/v1/probes/sessions", "{}", OPERATOR_TOKEN);

			assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
			assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(json(refused).get("holder").asText()).isEqualTo("other-replica/ps-77");

			redisClient.delete(SessionLease.KEY);
			assertThat(runSession(api, "{}").get("status").asText()).isEqualTo("COMPLETED");
			assertThat(redisClient.hasKey(SessionLease.KEY)).as("released at the session's end").isFalse();
		}
		catch (Exception ex) {
			throw new AssertionError(ex);
		}
	}

	private static ApiCaller api(ConfigurableApplicationContext context) {
		return new ApiCaller(((WebServerApplicationContext) context).getWebServer().getPort());
	}

	private static ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(SondeApplication.class).run("--server.port=0",
				"--spring.data.redis.port=" + redis.port(), "--sonde.switches.probe-interval=1h",
				"--sonde.switches.heartbeat=500ms", "--sonde.switches.registry-refresh=1s", "--sonde.probes.k=1",
				"--sonde.probes.feedback-timeout=10s",
				"--sonde.security.api-tokens[0].name=" + ApiCaller.OPERATOR_TOKEN_NAME,
				"--sonde.security.api-tokens[0].sha256=" + ApiCaller.sha256Hex(OPERATOR_TOKEN),
				"--sonde.security.api-tokens[0].roles=OPERATOR", "--sonde.security.api-tokens[1].name=test-viewer",
				"--sonde.security.api-tokens[1].sha256=" + ApiCaller.sha256Hex(VIEWER_TOKEN),
				"--sonde.security.api-tokens[1].roles=VIEWER");
	}

}
