package io.sonde.switches;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Real emulated P4Runtime switches (FatTree(2)) managed by a backend whose Redis is
 * emptied: until the loss is acknowledged the switches keep the desired state they had (a
 * reconciliation removes nothing, a switch that restarts gets its INT entries back)
 * rather than what the emptied store would say; acknowledged without importing the INT
 * configuration again, the switches are reconciled with what Redis holds then, and stay
 * managed: kept switches show as not registered, so that from-topology registers them
 * again.
 */
class SwitchesAfterRedisDataLossIntegrationTests extends OwnBackendContext {

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private static final String WATCHLIST = "SondeIngress.int_source.int_watchlist";

	@AutoClose
	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	HealthEndpoint health;

	@Test
	void switchesKeepTheirStateUntilTheLossIsAcknowledged() {
		ApiCaller api = new ApiCaller(this.port);
		importTopologyAndRegister(api);
		await().atMost(SETTLE).untilAsserted(() -> {
			for (JsonNode view : json(api.get("/api/v1/switches", VIEWER_TOKEN))) {
				assertThat(view.at("/connection/state").asText()).as(view.toString()).isEqualTo("PRIMARY");
			}
		});
		HttpResponse<String> applied = api.putJson("/api/v1/int/config", intConfig(), OPERATOR_TOKEN);
		assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
		String edge = fabric.switchNames().stream().filter((name) -> name.startsWith("edge")).findFirst().orElseThrow();
		await().atMost(SETTLE).until(() -> watchlist(api, edge) == 1);

		this.redisTemplate.execute((RedisCallback<Object>) (connection) -> {
			connection.serverCommands().flushAll();
			return null;
		});
		await().atMost(Duration.ofSeconds(20)).until(() -> status("redisData") == Status.DOWN);

		HttpResponse<String> reconciled = api.postJson("/api/v1/switches/" + edge + "/reconcile", "", OPERATOR_TOKEN);
		assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);
		assertThat(json(reconciled).get("applied")).as("nothing removed").isEmpty();
		assertThat(watchlist(api, edge)).isEqualTo(1);

		// Power-cycled, the switch forgets everything; it gets back what it had.
		fabric.stop(edge);
		fabric.restart(edge);
		await().atMost(SETTLE).until(() -> watchlist(api, edge) == 1);

		// Kept, but not in the emptied registry: from-topology registers them.
		// (from the first registry refresh after the loss: every second here)
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(registered(api)).as("kept switches, not registered")
				.hasSize(fabric.switchNames().size())
				.containsOnly(false));

		// The topology and the switches imported again, not the INT configuration.
		importTopologyAndRegister(api);
		assertThat(registered(api)).as("registered again").containsOnly(true);
		HttpResponse<String> acknowledged = api.post("/api/v1/system/redis/acknowledge-data-loss", "application/json",
				"", OPERATOR_TOKEN);
		assertThat(acknowledged.statusCode()).as(acknowledged.body()).isEqualTo(200);
		await().atMost(SETTLE).until(() -> watchlist(api, edge) == 0);
		assertThat(status("redisData")).isEqualTo(Status.UP);
		// Registered again, they stay: registry refreshes (every second here) keep them.
		await().during(Duration.ofSeconds(3)).atMost(SETTLE).untilAsserted(() -> {
			for (JsonNode view : json(api.get("/api/v1/switches", VIEWER_TOKEN))) {
				assertThat(view.at("/connection/state").asText()).as(view.toString()).isEqualTo("PRIMARY");
			}
		});
	}

	private static List<Boolean> registered(ApiCaller api) {
		List<Boolean> registered = new ArrayList<>();
		json(api.get("/api/v1/switches", VIEWER_TOKEN))
			.forEach((view) -> registered.add(view.get("registered").asBoolean()));
		return registered;
	}

	private static void importTopologyAndRegister(ApiCaller api) {
		HttpResponse<String> topology = api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN);
		assertThat(topology.statusCode()).as(topology.body()).isEqualTo(200);
		HttpResponse<String> registered = api.postJson("/api/v1/switches/from-topology", "", OPERATOR_TOKEN);
		assertThat(registered.statusCode()).as(registered.body()).isBetween(200, 201);
	}

	private static int watchlist(ApiCaller api, String name) {
		HttpResponse<String> tables = api.get("/api/v1/switches/" + name + "/tables?name=" + WATCHLIST, VIEWER_TOKEN);
		return (tables.statusCode() == 200) ? json(tables).size() : -1;
	}

	/** Sources and sinks on the edge, transit everywhere; reports to the discard port. */
	private static String intConfig() {
		List<String> switches = new ArrayList<>();
		for (String name : fabric.switchNames()) {
			switches.add(name.startsWith("edge")
					? "{\"name\":\"" + name + "\",\"roles\":[\"source\",\"transit\",\"sink\"],"
							+ "\"watchlist\":[{\"instructions\":[\"all\"],\"maxHops\":8}]}"
					: "{\"name\":\"" + name + "\",\"roles\":[\"transit\"]}");
		}
		return "{\"report\":{\"collectorIp\":\"127.0.0.1\",\"collectorPort\":9,\"format\":\"v2.0\"},\"switches\":["
				+ String.join(",", switches) + "]}";
	}

	private Status status(String component) {
		return this.health.healthForPath(component).getStatus();
	}

}
