package io.sonde.intconfig;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.OwnBackendContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import p4.v1.CloneSessionEntry;
import p4.v1.Entity;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.TableEntry;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Requests cannot wipe the network by accident: on an emulated FatTree(2) of real
 * P4Runtime switches managed by the backend, a configuration missing its parts, with an
 * empty switch list, or with a bad report session is a 400 naming every field, and
 * neither the versions nor any switch's entries change (each switch is reconciled after
 * the refusals, so a version stored by mistake would have shown on the switches). INT
 * goes off everywhere only through a confirmed DELETE, recorded as a version of its own;
 * its dry run lists the entities each switch would lose.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IntConfigApiIntegrationTests extends OwnBackendContext {

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private static final List<String> EDGES = List.of("edge-0-0", "edge-1-0");

	private static final String WATCHLIST = "SondeIngress.int_source.int_watchlist";

	@AutoClose
	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@Test
	@Order(1)
	void appliesAWholeConfigurationToEverySwitch() {
		importTopologyAndRegisterItsSwitches(fabric.document());
		await().atMost(SETTLE).untilAsserted(() -> {
			JsonNode all = json(this.api.get("/api/v1/switches", VIEWER_TOKEN));
			assertThat(all).hasSize(fabric.switchNames().size());
			all.forEach((view) -> assertThat(view.at("/connection/state").asText()).isEqualTo("PRIMARY"));
		});

		HttpResponse<String> applied = this.api.putJson("/api/v1/int/config?comment=edges", config(), OPERATOR_TOKEN);

		assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
		assertThat(json(applied).get("kind").asText()).isEqualTo("APPLY");
		await().atMost(SETTLE).untilAsserted(() -> {
			for (String edge : EDGES) {
				assertThat(tableEntries(edge, WATCHLIST)).as(edge).isEqualTo(1);
			}
		});
	}

	@Test
	@Order(2)
	void refusesIncompleteOrEmptyConfigurationsNamingEveryFieldAndChangesNothing() {
		String versionsBefore = this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN).body();
		Map<String, List<String>> switchesBefore = everySwitchsEntities();

		assertRefused(this.api.putJson("/api/v1/int/config", "{}", OPERATOR_TOKEN), "report", "switches");
		assertRefused(
				this.api.putJson("/api/v1/int/config", "{\"report\":{\"collectorIp\":\"127.0.0.1\"}}", OPERATOR_TOKEN),
				"switches");
		HttpResponse<String> empty = this.api.putJson("/api/v1/int/config",
				"{\"report\":{\"collectorIp\":\"127.0.0.1\"},\"switches\":[]}", OPERATOR_TOKEN);
		assertRefused(empty, "switches");
		assertThat(json(empty).get("detail").asText()).contains("DELETE /api/v1/int/config?confirm=true");
		assertRefused(this.api.putJson("/api/v1/int/config",
				"{\"report\":{\"collectorIp\":\"not-an-ip\",\"collectorPort\":70000,\"format\":\"v9\"},\"switches\":[]}",
				OPERATOR_TOKEN), "report.collectorIp", "report.collectorPort", "report.format", "switches");
		assertRefused(this.api.putJson("/api/v1/int/config",
				config().replace("\"collectorIp\":\"127.0.0.1\"",
						"\"collectorIp\":\"224.0.0.9\",\"collectorMac\":\"ff:ff:ff:ff:ff:ff\",\"hwId\":64"),
				OPERATOR_TOKEN), "report.collectorIp", "report.collectorMac", "report.hwId");
		assertRefused(
				this.api.putJson("/api/v1/int/config",
						"{\"switches\":[{\"name\":\"edge-0-0\",\"roles\":[\"transit\"]},{\"name\":\"nowhere\","
								+ "\"roles\":[\"transit\"]},null]}",
						OPERATOR_TOKEN),
				"report", "switches[1].name", "switches[2]");
		assertRefused(this.api.postJson("/api/v1/int/config/dry-run", "{}", OPERATOR_TOKEN), "report", "switches");

		assertNothingChanged(versionsBefore, switchesBefore);
	}

	@Test
	@Order(3)
	void anUnreadableBodyNamesTheFieldAndWhereReadingStopped() {
		String versionsBefore = this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN).body();

		HttpResponse<String> malformed = this.api.putJson("/api/v1/int/config",
				"{\n  \"report\": {\n    \"collectorIp\": ,\n    \"collectorPort\": 32766\n  }\n}", OPERATOR_TOKEN);
		assertProblem(malformed, 400, "report.collectorIp");
		assertThat(json(malformed).get("line").asInt()).isEqualTo(3);
		assertThat(json(malformed).get("column").asInt()).isEqualTo(20);
		assertThat(json(malformed).get("detail").asText()).startsWith("report.collectorIp: malformed JSON");

		HttpResponse<String> wrongType = this.api.putJson("/api/v1/int/config",
				"{\"report\": {\"collectorIp\": \"127.0.0.1\",\n \"collectorPort\": \"many\"}, \"switches\": []}",
				OPERATOR_TOKEN);
		assertProblem(wrongType, 400, "report.collectorPort");
		assertThat(json(wrongType).get("line").asInt()).isEqualTo(2);
		assertThat(json(wrongType).get("detail").asText()).startsWith("report.collectorPort: 'many' is not an integer");

		HttpResponse<String> nested = this.api.putJson("/api/v1/int/config",
				"{\"switches\": [{\"name\": \"edge-0-0\", \"nodeId\": [1]}]}", OPERATOR_TOKEN);
		assertProblem(nested, 400, "switches[0].nodeId");
		assertThat(json(nested).get("detail").asText()).startsWith("switches[0].nodeId: expected an integer");

		HttpResponse<String> badVersion = this.api.get("/api/v1/int/config/versions/latest", VIEWER_TOKEN);
		assertProblem(badVersion, 400, "version");

		assertThat(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN).body()).isEqualTo(versionsBefore);
	}

	@Test
	@Order(4)
	void anUnconfirmedDeleteChangesNothingAndItsDryRunListsWhatEachSwitchWouldLose() {
		String versionsBefore = this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN).body();
		Map<String, List<String>> switchesBefore = everySwitchsEntities();

		HttpResponse<String> unconfirmed = this.api.delete("/api/v1/int/config", OPERATOR_TOKEN);
		assertProblem(unconfirmed, 400, "confirm");
		assertProblem(this.api.delete("/api/v1/int/config?confirm=false", OPERATOR_TOKEN), 400, "confirm");
		assertProblem(this.api.delete("/api/v1/int/config?confirm=please", OPERATOR_TOKEN), 400, "confirm");
		assertThat(this.api.delete("/api/v1/int/config?confirm=true", VIEWER_TOKEN).statusCode()).isEqualTo(403);

		HttpResponse<String> dryRun = this.api.delete("/api/v1/int/config?dryRun=true", OPERATOR_TOKEN);
		assertThat(dryRun.statusCode()).as(dryRun.body()).isEqualTo(200);
		JsonNode plan = json(dryRun);
		List<String> planned = new ArrayList<>();
		plan.get("switches").forEach((changes) -> planned.add(changes.get("switchName").asText()));
		assertThat(planned).as("transit-only switches hold nothing but their node id register, which stays")
			.containsExactlyInAnyOrderElementsOf(EDGES);
		for (JsonNode changes : plan.get("switches")) {
			List<String> entities = new ArrayList<>();
			changes.get("updates").forEach((update) -> {
				assertThat(update.get("update").asText()).isEqualTo("DELETE");
				entities.add(update.get("entity").asText());
			});
			assertThat(entities).as(changes.get("switchName").asText())
				.anySatisfy((entity) -> assertThat(entity).startsWith(WATCHLIST))
				.anySatisfy((entity) -> assertThat(entity).startsWith("SondeIngress.int_sink.int_sink_ports"))
				.anySatisfy((entity) -> assertThat(entity).startsWith("SondeEgress.int_report.int_report_collectors"))
				.contains("clone session 500");
		}

		assertNothingChanged(versionsBefore, switchesBefore);
	}

	@Test
	@Order(5)
	void aConfirmedDeleteTurnsIntOffEverywhereAsAVersionOfItsOwn() {
		int versionsBefore = json(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN)).size();

		HttpResponse<String> removed = this.api.delete("/api/v1/int/config?confirm=true&comment=maintenance",
				OPERATOR_TOKEN);

		assertThat(removed.statusCode()).as(removed.body()).isEqualTo(200);
		JsonNode version = json(removed);
		assertThat(version.get("kind").asText()).isEqualTo("REMOVE");
		assertThat(version.get("author").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		assertThat(version.get("comment").asText()).isEqualTo("maintenance");
		assertThat(version.get("at").asText()).isNotBlank();
		assertThat(version.at("/config/switches")).isEmpty();
		JsonNode current = json(this.api.get("/api/v1/int/config", VIEWER_TOKEN));
		assertThat(current.get("version").asLong()).isEqualTo(version.get("version").asLong());
		assertThat(current.get("kind").asText()).isEqualTo("REMOVE");
		assertThat(json(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN))).hasSize(versionsBefore + 1);
		await().atMost(SETTLE).untilAsserted(() -> {
			for (String edge : EDGES) {
				assertThat(tableEntries(edge, WATCHLIST)).as(edge).isZero();
				assertThat(tableEntries(edge, "SondeIngress.int_sink.int_sink_ports")).as(edge).isZero();
			}
		});

		assertProblem(this.api.delete("/api/v1/int/config?confirm=true", OPERATOR_TOKEN), 409, null);
		assertProblem(this.api.delete("/api/v1/int/config?dryRun=true", OPERATOR_TOKEN), 409, null);
		assertThat(json(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN))).hasSize(versionsBefore + 1);
	}

	@Test
	@Order(6)
	void aRollbackAfterTheRemovalBringsIntBack() {
		HttpResponse<String> rolledBack = this.api.postJson("/api/v1/int/config/versions/1/rollback", "",
				OPERATOR_TOKEN);

		assertThat(rolledBack.statusCode()).as(rolledBack.body()).isEqualTo(200);
		assertThat(json(rolledBack).get("kind").asText()).isEqualTo("ROLLBACK");
		await().atMost(SETTLE).untilAsserted(() -> {
			for (String edge : EDGES) {
				assertThat(tableEntries(edge, WATCHLIST)).as(edge).isEqualTo(1);
			}
		});
	}

	@Test
	@Order(7)
	void theOpenApiDescriptionSaysHowToRemoveIntAndWhatARefusalHolds() {
		JsonNode config = json(this.api.get("/v3/api-docs", VIEWER_TOKEN)).at("/paths/~1api~1v1~1int~1config");

		List<String> parameters = new ArrayList<>();
		config.at("/delete/parameters").forEach((parameter) -> parameters.add(parameter.get("name").asText()));
		assertThat(parameters).contains("confirm", "dryRun", "comment");
		assertThat(config.at("/delete/responses/400/description").asText()).contains("confirm");
		assertThat(config.at("/delete/responses/409").isMissingNode()).isFalse();
		assertThat(config.at("/put/responses/400/description").asText()).contains("errors");
	}

	private void assertRefused(HttpResponse<String> refused, String... fields) {
		assertProblem(refused, 400, fields[0]);
		List<String> named = new ArrayList<>();
		json(refused).get("errors").forEach((error) -> named.add(error.get("field").asText()));
		assertThat(named).as(refused.body()).containsExactly(fields);
	}

	private static void assertProblem(HttpResponse<String> response, int status, String field) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		if (field != null) {
			assertThat(json(response).get("field").asText()).as(response.body()).isEqualTo(field);
		}
	}

	/**
	 * The versions are as they were and so is every switch, even once each has been
	 * reconciled against the version in force.
	 */
	private void assertNothingChanged(String versionsBefore, Map<String, List<String>> switchesBefore) {
		assertThat(this.api.get("/api/v1/int/config/versions", VIEWER_TOKEN).body()).isEqualTo(versionsBefore);
		for (String name : fabric.switchNames()) {
			HttpResponse<String> reconciled = this.api.postJson("/api/v1/switches/" + name + "/reconcile", "",
					OPERATOR_TOKEN);
			assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);
		}
		assertThat(everySwitchsEntities()).isEqualTo(switchesBefore);
	}

	/** What each switch holds: table entries, its node id and clone sessions. */
	private static Map<String, List<String>> everySwitchsEntities() {
		Map<String, List<String>> all = new TreeMap<>();
		for (String name : fabric.switchNames()) {
			EmulatedP4RuntimeServer server = fabric.server(name);
			List<String> held = new ArrayList<>();
			server.state()
				.read(Entity.newBuilder().setTableEntry(TableEntry.getDefaultInstance()).build(),
						(entity) -> held.add(entity.toString()));
			// The node id is the default entry of a keyless table, which a wildcard
			// read leaves out.
			server.state()
				.read(SondeEntities.ofPipeline().defaultEntryRead(SondeEntities.INT_NODE_ID),
						(entity) -> held.add(entity.toString()));
			server.state()
				.read(Entity.newBuilder()
					.setPacketReplicationEngineEntry(PacketReplicationEngineEntry.newBuilder()
						.setCloneSessionEntry(CloneSessionEntry.getDefaultInstance()))
					.build(), (entity) -> held.add(entity.toString()));
			held.sort(null);
			all.put(name, held);
		}
		return all;
	}

	private int tableEntries(String switchName, String table) {
		return json(this.api.get("/api/v1/switches/" + switchName + "/tables?name=" + table, VIEWER_TOKEN)).size();
	}

	/** Sources and sinks on the edge, transit everywhere. */
	private static String config() {
		List<String> switches = new ArrayList<>();
		for (String name : fabric.switchNames()) {
			switches.add(EDGES.contains(name)
					? "{\"name\":\"" + name + "\",\"roles\":[\"source\",\"transit\",\"sink\"],"
							+ "\"watchlist\":[{\"instructions\":[\"all\"]}]}"
					: "{\"name\":\"" + name + "\",\"roles\":[\"transit\"]}");
		}
		return "{\"report\":{\"collectorIp\":\"127.0.0.1\",\"collectorPort\":32766},\"switches\":["
				+ String.join(",", switches) + "]}";
	}

}
