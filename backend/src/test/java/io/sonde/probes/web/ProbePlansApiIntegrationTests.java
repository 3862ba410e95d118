package io.sonde.probes.web;

import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /api/v1/probes/plans} on a running backend with a Redis of its own, over the
 * topology of an emulated fat tree (k = 2: five switches) imported through the API: GPINT
 * and Euler plans, the two side by side, and refusals as problem details naming the
 * field.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProbePlansApiIntegrationTests extends SharedApiContext {

	@AutoClose
	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@BeforeEach
	void importTopology() {
		assertThat(this.api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
	}

	@Test
	void plansGpintPathsCoveringEverySwitchOfTheCurrentTopology() {
		HttpResponse<String> answer = this.api.postJson("/api/v1/probes/plans",
				"{\"algorithm\": \"gpint\", \"k\": 2, \"seed\": 5}", OPERATOR_TOKEN);

		assertThat(answer.statusCode()).isEqualTo(200);
		JsonNode plan = json(answer);
		assertThat(plan.get("algorithm").asText()).isEqualTo("gpint");
		assertThat(plan.get("k").asInt()).isEqualTo(2);
		assertThat(plan.get("paths")).hasSize(2);
		Set<String> covered = new HashSet<>();
		plan.get("paths").forEach((path) -> path.forEach((name) -> covered.add(name.asText())));
		assertThat(covered).containsExactlyInAnyOrderElementsOf(fabric.switchNames());
		assertThat(plan.get("coverage").get("nodes").asDouble()).isEqualTo(1.0);
		assertThat(plan.get("lengths").get("max").asInt()).isBetween(3, 5);
		assertThat(this.api
			.postJson("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"k\": 2, \"seed\": 5}", OPERATOR_TOKEN)
			.body()).isEqualTo(answer.body());
	}

	@Test
	void plansGpintCAndEuler() {
		JsonNode gpint3 = json(
				this.api.postJson("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"c\": 3}", OPERATOR_TOKEN));
		JsonNode euler = json(this.api.postJson("/api/v1/probes/plans", "{\"algorithm\": \"euler\"}", OPERATOR_TOKEN));

		// floor(3 * 5 / 10) = 1
		assertThat(gpint3.get("k").asInt()).isEqualTo(1);
		assertThat(euler.get("algorithm").asText()).isEqualTo("euler");
		assertThat(euler.get("coverage").get("edges").asDouble()).isEqualTo(1.0);
	}

	@Test
	void comparesGpintAndEulerOnTheSameGraph() {
		HttpResponse<String> answer = this.api.postJson("/api/v1/probes/plans/compare", "{\"k\": 2, \"seed\": 1}",
				OPERATOR_TOKEN);

		assertThat(answer.statusCode()).isEqualTo(200);
		JsonNode comparison = json(answer);
		assertThat(comparison.get("gpint").get("k").asInt()).isEqualTo(2);
		assertThat(comparison.get("euler").get("algorithm").asText()).isEqualTo("euler");
		double ratio = comparison.get("gpint").get("lengths").get("max").asDouble()
				/ comparison.get("euler").get("lengths").get("max").asDouble();
		assertThat(comparison.get("maxPathRatio").asDouble()).isEqualTo(ratio);
	}

	@Test
	void refusesBadRequestsWithAProblemNamingTheField() {
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"k\": 0}", "k");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"k\": 2, \"c\": 3}", "k");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"c\": 0}", "c");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"c\": -2.5}", "c");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"dijkstra\"}", "algorithm");
		assertRefused("/api/v1/probes/plans", "{\"k\": 2}", "algorithm");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"euler\", \"k\": 2}", "k");
		assertRefused("/api/v1/probes/plans/compare", "{\"k\": -1}", "k");
		assertRefused("/api/v1/probes/plans/compare", "{\"c\": 0}", "c");
		assertRefused("/api/v1/probes/plans", "{\"algorithm\": \"gpint\", \"k\": \"many\"}", "k");
	}

	private void assertRefused(String path, String body, String field) {
		HttpResponse<String> refused = this.api.postJson(path, body, OPERATOR_TOKEN);

		assertThat(refused.statusCode()).as(body).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(json(refused).get("field").asText()).as(body).isEqualTo(field);
	}

}
