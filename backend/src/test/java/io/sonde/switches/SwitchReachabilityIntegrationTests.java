package io.sonde.switches;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
 * 127.0.0.1, known to a running backend before anyone registers them: all observed and
 * reachable with the API version they report, one turning unreachable with its error when
 * its server stops and reachable again when it returns, each change of reachability
 * announced once; a registered switch is the same entry, managed; the old endpoints URL
 * redirects to the one list.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "sonde.switches.heartbeat=250ms")
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class SwitchReachabilityIntegrationTests {

	/** Many heartbeats and redials, for a loaded two-core machine. */
	private static final Duration SETTLE = Duration.ofSeconds(20);

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		ApiCaller.registerTokens(properties);
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

	/**
	 * A registration a failed test left would be a dead switch in the next test's list.
	 */
	@AfterEach
	void stopSwitches() {
		for (JsonNode view : switches()) {
			if (view.get("registered").asBoolean()) {
				this.api.delete("/api/v1/switches/" + view.at("/device/name").asText(), OPERATOR_TOKEN);
			}
		}
		this.fabric.close();
	}

	@Test
	void listsEverySwitchReachableWithTheApiVersionItReports() {
		importFabric();

		await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));

		String version = versionReportedBy("core-0");
		JsonNode switches = switches();
		assertThat(switches).hasSize(20);
		assertThat(names(switches)).containsExactlyElementsOf(this.fabric.switchNames());
		for (JsonNode view : switches) {
			String name = view.at("/device/name").asText();
			var planned = this.fabric.topology().switchNamed(name).orElseThrow();
			JsonNode connection = view.get("connection");
			assertThat(view.at("/device/host").asText() + ":" + view.at("/device/port").asInt())
				.isEqualTo("127.0.0.1:" + planned.p4RuntimePort());
			assertThat(view.at("/device/deviceId").asLong()).isEqualTo(planned.deviceId());
			assertThat(view.at("/topology/role").asText()).isEqualTo(planned.role());
			assertThat(view.get("registered").asBoolean()).isFalse();
			assertThat(connection.get("state").asText()).isEqualTo("OBSERVER");
			assertThat(connection.get("apiVersion").asText()).isEqualTo(version);
			assertThat(connection.get("roundTripMicros").asLong()).isPositive();
			assertThat(connection.get("since").isTextual()).isTrue();
			assertThat(connection.get("lastError").isNull()).as(view.toString()).isTrue();
		}
		assertThat(this.changes.reachable()).filteredOn((change) -> ofThisFabric(change.address()))
			.extracting(ReachabilityChange::switchName)
			.containsExactlyInAnyOrderElementsOf(this.fabric.switchNames());
	}

	@Test
	void turnsASwitchWhoseServerStopsUnreachableWithItsErrorAndBackWhenItReturns() {
		importFabric();
		await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));
		int port = this.fabric.topology().switchNamed("edge-1-0").orElseThrow().p4RuntimePort();

		this.fabric.stop("edge-1-0");

		await().atMost(SETTLE).until(() -> "UNREACHABLE".equals(connection("edge-1-0").get("state").asText()));
		JsonNode down = connection("edge-1-0");
		assertThat(down.get("lastError").asText()).startsWith("UNAVAILABLE");
		assertThat(down.get("apiVersion").isNull()).isTrue();
		assertThat(down.get("reachable").asBoolean()).isFalse();
		assertThat(reachable().stream().filter(Boolean::booleanValue)).hasSize(19);
		// A probe round of the previous test's fabric (stopped by then) may finish after
		// changes.clear(): only this fabric's addresses count.
		assertThat(this.changes.unreachable()).filteredOn((change) -> ofThisFabric(change.address()))
			.singleElement()
			.satisfies((change) -> {
				assertThat(change.switchName()).isEqualTo("edge-1-0");
				assertThat(change.address()).isEqualTo("127.0.0.1:" + port);
				assertThat(change.error()).startsWith("UNAVAILABLE");
			});

		this.fabric.restart("edge-1-0");

		await().atMost(SETTLE).until(() -> "OBSERVER".equals(connection("edge-1-0").get("state").asText()));
		assertThat(connection("edge-1-0").get("lastError").asText()).contains("UNAVAILABLE");
		assertThat(this.changes.reachable())
			.filteredOn((change) -> change.switchName().equals("edge-1-0") && ofThisFabric(change.address()))
			.hasSize(2);
		assertThat(this.changes.unreachable()).filteredOn((change) -> ofThisFabric(change.address())).hasSize(1);
	}

	@Test
	void followsANewTopology() {
		importFabric();
		await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));

		try (EmulatedFabric smaller = EmulatedFabric.fatTree(2)) {
			assertThat(this.api.postJson("/api/v1/topology", smaller.document(), OPERATOR_TOKEN).statusCode())
				.isEqualTo(200);

			assertThat(names(switches())).containsExactlyElementsOf(smaller.switchNames());
			await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));
			assertThat(view("core-0").at("/device/port").asInt()).isEqualTo(smaller.server("core-0").port());
		}
	}

	@Test
	void keepsTheConnectionOfASwitchANewTopologyKeepsAtTheSameAddress() {
		importFabric();
		await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));
		String since = connection("core-0").get("since").asText();

		importFabric();

		assertThat(connection("core-0").get("state").asText()).isEqualTo("OBSERVER");
		assertThat(connection("core-0").get("since").asText()).isEqualTo(since);
		assertThat(this.changes.unreachable()).isEmpty();
	}

	@Test
	void registeringASwitchManagesTheSameEntryAndRemovingItObservesItAgain() {
		importFabric();
		await().atMost(SETTLE).until(() -> reachable().stream().allMatch(Boolean::booleanValue));
		var edge = this.fabric.server("edge-0-0");

		HttpResponse<String> registered = this.api.postJson("/api/v1/switches", "{\"name\":\"edge-0-0\","
				+ "\"host\":\"127.0.0.1\",\"port\":" + edge.port() + ",\"deviceId\":" + edge.deviceId() + "}",
				OPERATOR_TOKEN);

		assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
		await().atMost(SETTLE).until(() -> "PRIMARY".equals(connection("edge-0-0").get("state").asText()));
		assertThat(view("edge-0-0").get("registered").asBoolean()).isTrue();
		assertThat(view("edge-0-0").at("/topology/role").asText()).isEqualTo("edge");
		assertThat(names(switches())).containsExactlyElementsOf(this.fabric.switchNames());
		assertThat(view("edge-0-1").get("registered").asBoolean()).isFalse();
		assertThat(connection("edge-0-1").get("state").asText()).isEqualTo("OBSERVER");

		assertThat(this.api.delete("/api/v1/switches/edge-0-0", OPERATOR_TOKEN).statusCode()).isEqualTo(204);

		await().atMost(SETTLE).until(() -> "OBSERVER".equals(connection("edge-0-0").get("state").asText()));
		assertThat(view("edge-0-0").get("registered").asBoolean()).isFalse();
		assertThat(switches()).hasSize(20);
		assertThat(this.api.get("/api/v1/switches/edge-0-0/diff", VIEWER_TOKEN).statusCode())
			.as("nothing but registered switches is acted on")
			.isEqualTo(404);
	}

	@Test
	void theEndpointsUrlRedirectsPermanentlyToTheListOfSwitches() {
		HttpResponse<String> moved = this.api.get("/api/v1/switches/endpoints", VIEWER_TOKEN);

		assertThat(moved.statusCode()).isEqualTo(308);
		assertThat(moved.headers().firstValue("Location")).hasValue("/api/v1/switches");
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

	private JsonNode switches() {
		HttpResponse<String> response = this.api.get("/api/v1/switches", VIEWER_TOKEN);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return json(response);
	}

	private JsonNode view(String name) {
		return StreamSupport.stream(switches().spliterator(), false)
			.filter((view) -> view.at("/device/name").asText().equals(name))
			.findFirst()
			.orElseThrow();
	}

	private JsonNode connection(String name) {
		return view(name).get("connection");
	}

	private List<Boolean> reachable() {
		return StreamSupport.stream(switches().spliterator(), false)
			.map((view) -> view.at("/connection/reachable").asBoolean())
			.toList();
	}

	private static List<String> names(JsonNode switches) {
		return StreamSupport.stream(switches.spliterator(), false).map((e) -> e.at("/device/name").asText()).toList();
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

	/**
	 * A switch turning reachable or unreachable, as another module would see it from
	 * {@link SwitchStateChanged}.
	 */
	record ReachabilityChange(String switchName, String address, boolean reachable, String error) {
	}

	/**
	 * Folds the state changes, as another module would receive them, into changes of
	 * reachability: reachable while PRIMARY, BACKUP or OBSERVER, unreachable once
	 * UNREACHABLE; CONNECTING and DISABLED (a redial, a dropped connection) change
	 * nothing.
	 */
	static class ChangesSeen {

		private final Map<String, Boolean> last = new ConcurrentHashMap<>();

		private final List<ReachabilityChange> changes = new CopyOnWriteArrayList<>();

		@EventListener
		synchronized void on(SwitchStateChanged change) {
			if (change.view() == null) {
				return;
			}
			ConnectionStatus connection = change.view().connection();
			Boolean reachable = connection.isReachable() ? Boolean.TRUE
					: (connection.state() == ConnectionState.UNREACHABLE) ? Boolean.FALSE : null;
			if (reachable == null || reachable.equals(this.last.put(change.name(), reachable))) {
				return;
			}
			this.changes.add(new ReachabilityChange(change.name(), change.view().device().address(), reachable,
					connection.lastError()));
		}

		List<ReachabilityChange> reachable() {
			return this.changes.stream().filter(ReachabilityChange::reachable).toList();
		}

		List<ReachabilityChange> unreachable() {
			return this.changes.stream().filter((change) -> !change.reachable()).toList();
		}

		synchronized void clear() {
			this.changes.clear();
			this.last.clear();
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
