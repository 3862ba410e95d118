package io.sonde.switches;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.event.EventListener;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The switches of an imported FatTree(4), each a real emulated P4Runtime server on
 * 127.0.0.1, probed by a running backend: all reachable with the API version they report,
 * one turning unreachable with its error when its server stops and reachable again when
 * it returns, each change announced once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "sonde.switches.probe-interval=250ms", "sonde.switches.probe-timeout=1s" })
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class SwitchEndpointsIntegrationTests {

	/** Many probe rounds, for a loaded two-core machine. */
	private static final Duration SETTLE = Duration.ofSeconds(20);

	private static final RedisServerProcess redis = RedisServerProcess.start();

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("spring.data.redis.port", redis::port);
		ApiCaller.registerTokens(properties);
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@LocalServerPort
	int port;

	@Autowired
	ChangesSeen changes;

	private ApiCaller api;

	private EmulatedFabric fabric;

	@BeforeEach
	void startSwitches() {
		this.api = new ApiCaller(this.port);
		this.fabric = EmulatedFabric.fatTree(4);
	}

	@AfterEach
	void stopSwitches() {
		this.fabric.close();
	}

	@Test
	void listsEverySwitchReachableWithTheApiVersionItReports() {
		importFabric();

		await().atMost(SETTLE).until(() -> states().stream().allMatch("REACHABLE"::equals));

		String version = versionReportedBy("core-0");
		JsonNode endpoints = endpoints();
		assertThat(endpoints).hasSize(20);
		assertThat(names(endpoints)).containsExactlyElementsOf(this.fabric.switchNames());
		for (JsonNode endpoint : endpoints) {
			String name = endpoint.get("name").asText();
			var planned = this.fabric.topology().switchNamed(name).orElseThrow();
			assertThat(endpoint.get("address").asText()).isEqualTo("127.0.0.1:" + planned.p4RuntimePort());
			assertThat(endpoint.get("deviceId").asLong()).isEqualTo(planned.deviceId());
			assertThat(endpoint.get("role").asText()).isEqualTo(planned.role());
			assertThat(endpoint.get("apiVersion").asText()).isEqualTo(version);
			assertThat(endpoint.get("roundTripMillis").asDouble()).isPositive();
			assertThat(endpoint.get("lastCheckedAt").isTextual()).isTrue();
			assertThat(endpoint.get("lastError").isNull()).isTrue();
		}
		assertThat(this.changes.reachable()).filteredOn((event) -> ofThisFabric(event.address()))
			.extracting(SwitchEndpointReachable::switchName)
			.containsExactlyInAnyOrderElementsOf(this.fabric.switchNames());
	}

	@Test
	void turnsASwitchWhoseServerStopsUnreachableWithItsErrorAndBackWhenItReturns() {
		importFabric();
		await().atMost(SETTLE).until(() -> states().stream().allMatch("REACHABLE"::equals));
		int port = this.fabric.topology().switchNamed("edge-1-0").orElseThrow().p4RuntimePort();

		this.fabric.stop("edge-1-0");

		await().atMost(SETTLE).until(() -> "UNREACHABLE".equals(endpoint("edge-1-0").get("state").asText()));
		JsonNode down = endpoint("edge-1-0");
		assertThat(down.get("lastError").asText()).startsWith("UNAVAILABLE");
		assertThat(down.get("apiVersion").isNull()).isTrue();
		assertThat(states().stream().filter("REACHABLE"::equals)).hasSize(19);
		// A probe round of the previous test's fabric (stopped by then) may finish after
		// changes.clear(): only this fabric's addresses count.
		assertThat(this.changes.unreachable()).filteredOn((event) -> ofThisFabric(event.address()))
			.singleElement()
			.satisfies((event) -> {
				assertThat(event.switchName()).isEqualTo("edge-1-0");
				assertThat(event.address()).isEqualTo("127.0.0.1:" + port);
				assertThat(event.error()).startsWith("UNAVAILABLE");
			});

		this.fabric.restart("edge-1-0");

		await().atMost(SETTLE).until(() -> "REACHABLE".equals(endpoint("edge-1-0").get("state").asText()));
		assertThat(endpoint("edge-1-0").get("lastError").asText()).contains("UNAVAILABLE");
		assertThat(this.changes.reachable())
			.filteredOn((event) -> event.switchName().equals("edge-1-0") && ofThisFabric(event.address()))
			.hasSize(2);
	}

	@Test
	void followsANewTopology() {
		importFabric();
		await().atMost(SETTLE).until(() -> states().stream().allMatch("REACHABLE"::equals));

		try (EmulatedFabric smaller = EmulatedFabric.fatTree(2)) {
			assertThat(this.api.postJson("/api/v1/topology", smaller.document(), OPERATOR_TOKEN).statusCode())
				.isEqualTo(200);

			assertThat(names(endpoints())).containsExactlyElementsOf(smaller.switchNames());
			await().atMost(SETTLE).until(() -> states().stream().allMatch("REACHABLE"::equals));
			assertThat(endpoint("core-0").get("address").asText())
				.isEqualTo("127.0.0.1:" + smaller.server("core-0").port());
		}
	}

	private boolean ofThisFabric(String address) {
		return this.fabric.topology()
			.switches()
			.stream()
			.anyMatch((planned) -> address.equals("127.0.0.1:" + planned.p4RuntimePort()));
	}

	private void importFabric() {
		this.changes.clear();
		HttpResponse<String> imported = this.api.postJson("/api/v1/topology", this.fabric.document(), OPERATOR_TOKEN);
		assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
	}

	private JsonNode endpoints() {
		HttpResponse<String> response = this.api.get("/api/v1/switches/endpoints", VIEWER_TOKEN);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json(response);
	}

	private JsonNode endpoint(String name) {
		return StreamSupport.stream(endpoints().spliterator(), false)
			.filter((endpoint) -> endpoint.get("name").asText().equals(name))
			.findFirst()
			.orElseThrow();
	}

	private List<String> states() {
		return StreamSupport.stream(endpoints().spliterator(), false)
			.map((endpoint) -> endpoint.get("state").asText())
			.toList();
	}

	private static List<String> names(JsonNode endpoints) {
		return StreamSupport.stream(endpoints.spliterator(), false).map((e) -> e.get("name").asText()).toList();
	}

	/** Asked directly with the project's P4Runtime client, not through the backend. */
	private String versionReportedBy(String switchName) {
		var server = this.fabric.server(switchName);
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", server.port())
			.deviceId(server.deviceId())
			.connect()) {
			return client.capabilities().getP4RuntimeApiVersion();
		}
	}

	/** The reachability events, as another module would receive them. */
	static class ChangesSeen {

		private final List<SwitchEndpointReachable> reachable = new CopyOnWriteArrayList<>();

		private final List<SwitchEndpointUnreachable> unreachable = new CopyOnWriteArrayList<>();

		@EventListener
		void on(SwitchEndpointReachable event) {
			this.reachable.add(event);
		}

		@EventListener
		void on(SwitchEndpointUnreachable event) {
			this.unreachable.add(event);
		}

		List<SwitchEndpointReachable> reachable() {
			return List.copyOf(this.reachable);
		}

		List<SwitchEndpointUnreachable> unreachable() {
			return List.copyOf(this.unreachable);
		}

		void clear() {
			this.reachable.clear();
			this.unreachable.clear();
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Events {

		@Bean
		ChangesSeen changesSeen() {
			return new ChangesSeen();
		}

	}

}
