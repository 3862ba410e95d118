package io.sonde.labeling.web;

import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.topology.HostSpec;
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

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The labeling parameters and specific flows over HTTP, on an emulated FatTree(2) of real
 * P4Runtime switches managed by the backend: bad values are a 400 naming every field and
 * change nothing; applied parameters reach every switch's {@code label_settings}, sink
 * ports and export session; labeling goes off everywhere only through a confirmed DELETE,
 * recorded as a version; a rollback brings parameters back; a specific flow is installed
 * on the switch its source host attaches to, and removed again.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LabelingApiIntegrationTests extends OwnBackendContext {

	private static final Duration SETTLE = Duration.ofSeconds(30);

	private static final String PARAMETERS = "/api/v1/labeling/parameters";

	@AutoClose
	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@Test
	@Order(1)
	void refusesBadParametersNamingEveryFieldAndStoresNothing() {
		importTopologyAndRegisterItsSwitches(fabric.document());
		await().atMost(SETTLE)
			.untilAsserted(() -> json(this.api.get("/api/v1/switches", VIEWER_TOKEN))
				.forEach((view) -> assertThat(view.at("/connection/state").asText()).isEqualTo("PRIMARY")));

		HttpResponse<String> refused = this.api.putJson(PARAMETERS,
				"{\"network\":{\"mode\":\"C\",\"intervalMs\":0},\"switches\":{\"edge-0-0\":{\"intervalMs\":20000,"
						+ "\"restMs\":-1},\"nowhere\":{}}}",
				OPERATOR_TOKEN);

		assertProblem(refused, 400, "network.mode");
		List<String> named = new ArrayList<>();
		json(refused).get("errors").forEach((error) -> named.add(error.get("field").asText()));
		assertThat(named).containsExactly("network.mode", "network.intervalMs", "switches.edge-0-0.intervalMs",
				"switches.edge-0-0.restMs", "switches.nowhere");
		assertProblem(this.api.putJson(PARAMETERS, "{\"network\":{\"k\":\"many\"}}", OPERATOR_TOKEN), 400, null);
		assertThat(this.api.get(PARAMETERS, VIEWER_TOKEN).statusCode()).isEqualTo(404);
		assertThat(json(this.api.get(PARAMETERS + "/versions", VIEWER_TOKEN))).isEmpty();
	}

	@Test
	@Order(2)
	void appliedParametersReachEverySwitch() {
		HttpResponse<String> applied = this.api.putJson(PARAMETERS + "?comment=start",
				"{\"network\":{\"mode\":\"B\",\"intervalMs\":20,\"maxHop\":5},"
						+ "\"switches\":{\"edge-0-0\":{\"mode\":\"A\",\"intervalMs\":40}}}",
				OPERATOR_TOKEN);

		assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
		assertThat(json(applied).get("kind").asText()).isEqualTo("APPLY");
		assertThat(json(applied).get("author").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		await().atMost(SETTLE).untilAsserted(() -> {
			assertThat(settings("edge-0-0")).containsExactly(1L, 40_000L, 0L, 5L);
			assertThat(settings("edge-1-0")).containsExactly(2L, 20_000L, 0L, 5L);
			for (String name : fabric.switchNames()) {
				int hostPorts = (int) fabric.topology()
					.hosts()
					.stream()
					.filter((host) -> fabric.topology().attachmentOf(host.name()).node().equals(name))
					.count();
				assertThat(tableEntries(name, SondeEntities.LABEL_SINK_PORTS)).as(name).isEqualTo(hostPorts);
				assertThat(tableEntries(name, SondeEntities.LABEL_PROBABILITY)).as(name).isEqualTo(6);
				assertThat(cloneSessions(name)).as(name).contains(501);
			}
		});
	}

	@Test
	@Order(3)
	void turnsLabelingOffOnlyWhenConfirmedAndRollsBack() {
		assertProblem(this.api.delete(PARAMETERS, OPERATOR_TOKEN), 400, "confirm");
		assertThat(json(this.api.get(PARAMETERS, VIEWER_TOKEN)).get("kind").asText()).isEqualTo("APPLY");

		HttpResponse<String> off = this.api.delete(PARAMETERS + "?confirm=true&comment=maintenance", OPERATOR_TOKEN);

		assertThat(off.statusCode()).as(off.body()).isEqualTo(200);
		assertThat(json(off).get("kind").asText()).isEqualTo("OFF");
		await().atMost(SETTLE).untilAsserted(() -> assertThat(settings("edge-1-0").get(0)).isZero());
		assertProblem(this.api.delete(PARAMETERS + "?confirm=true", OPERATOR_TOKEN), 409, null);

		HttpResponse<String> rolledBack = this.api.postJson(PARAMETERS + "/versions/1/rollback", "", OPERATOR_TOKEN);

		assertThat(rolledBack.statusCode()).as(rolledBack.body()).isEqualTo(200);
		assertThat(json(rolledBack).get("kind").asText()).isEqualTo("ROLLBACK");
		assertThat(json(rolledBack).get("version").asLong()).isEqualTo(3);
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(settings("edge-1-0")).containsExactly(2L, 20_000L, 0L, 5L));
		assertThat(json(this.api.get(PARAMETERS + "/versions", VIEWER_TOKEN))).extracting((v) -> v.get("kind").asText())
			.containsExactly("ROLLBACK", "OFF", "APPLY");
		assertProblem(this.api.postJson(PARAMETERS + "/versions/99/rollback", "", OPERATOR_TOKEN), 404, null);
	}

	@Test
	@Order(4)
	void installsASpecificFlowOnTheSwitchOfItsSourceHostAndRemovesIt() {
		HostSpec source = fabric.topology().hosts().get(0);
		String edge = fabric.topology().attachmentOf(source.name()).node();
		assertProblem(this.api.postJson("/api/v1/labeling/flows",
				"{\"srcAddr\":\"10.99.99.99\",\"dstAddr\":\"10.0.0.2\",\"protocol\":17,\"srcPort\":70000}",
				OPERATOR_TOKEN), 400, "srcAddr");

		HttpResponse<String> added = this.api.postJson("/api/v1/labeling/flows", "{\"srcAddr\":\"" + source.ipv4()
				+ "\",\"dstAddr\":\"10.0.1.2\",\"protocol\":17,\"srcPort\":4000,\"dstPort\":5000,\"sampleIntervalMs\":0}",
				OPERATOR_TOKEN);

		assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
		assertThat(json(added).get("ingressSwitch").asText()).isEqualTo(edge);
		assertThat(json(added).get("flow").asText()).isEqualTo(source.ipv4() + ":4000>10.0.1.2:5000/17");
		await().atMost(SETTLE)
			.untilAsserted(() -> assertThat(tableEntries(edge, SondeEntities.LABEL_FLOWS)).isEqualTo(1));
		fabric.switchNames()
			.stream()
			.filter((name) -> !name.equals(edge))
			.forEach((name) -> assertThat(tableEntries(name, SondeEntities.LABEL_FLOWS)).as(name).isZero());

		HttpResponse<String> removed = this.api.delete("/api/v1/labeling/flows/" + json(added).get("index").asInt(),
				OPERATOR_TOKEN);
		assertThat(removed.statusCode()).as(removed.body()).isEqualTo(200);
		await().atMost(SETTLE).untilAsserted(() -> assertThat(tableEntries(edge, SondeEntities.LABEL_FLOWS)).isZero());
		assertProblem(this.api.delete("/api/v1/labeling/flows/7", OPERATOR_TOKEN), 404, null);
	}

	@Test
	@Order(5)
	void describesTheApiInOpenApi() {
		JsonNode paths = json(this.api.get("/v3/api-docs", VIEWER_TOKEN)).get("paths");
		assertThat(paths.has(PARAMETERS)).isTrue();
		assertThat(paths.at("/" + PARAMETERS.replace("/", "~1") + "/delete/responses/400/description").asText())
			.contains("confirm");
		assertThat(paths.has("/api/v1/labeling/flows")).isTrue();
	}

	/** label_settings' default action parameters: mode, interval_us, rest_us, max_hop. */
	private static List<Long> settings(String switchName) {
		List<Long> values = new ArrayList<>();
		fabric.server(switchName)
			.state()
			.read(SondeEntities.ofPipeline().defaultEntryRead(SondeEntities.LABEL_SETTINGS),
					(entity) -> entity.getTableEntry()
						.getAction()
						.getAction()
						.getParamsList()
						.forEach((param) -> values.add(new BigInteger(1, param.getValue().toByteArray()).longValue())));
		return values;
	}

	private static List<Integer> cloneSessions(String switchName) {
		EmulatedP4RuntimeServer server = fabric.server(switchName);
		List<Integer> sessions = new ArrayList<>();
		server.state()
			.read(Entity.newBuilder()
				.setPacketReplicationEngineEntry(PacketReplicationEngineEntry.newBuilder()
					.setCloneSessionEntry(CloneSessionEntry.getDefaultInstance()))
				.build(),
					(entity) -> sessions
						.add(entity.getPacketReplicationEngineEntry().getCloneSessionEntry().getSessionId()));
		return sessions;
	}

	private int tableEntries(String switchName, String table) {
		return json(this.api.get("/api/v1/switches/" + switchName + "/tables?name=" + table, VIEWER_TOKEN)).size();
	}

	private static void assertProblem(HttpResponse<String> response, int status, String field) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		if (field != null) {
			assertThat(json(response).get("field").asText()).as(response.body()).isEqualTo(field);
		}
	}

}
