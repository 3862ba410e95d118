package io.sonde.labeling.web;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.labeling.LabelStatesUpdated;
import io.sonde.labeling.PortKey;
import io.sonde.labeling.PortLabelState;
import io.sonde.switches.EmulatedFabric;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationEventPublisher;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /api/v1/labeling/coverage} and {@code /api/v1/labeling/freshness} on a running
 * backend with a Redis of its own and the topology of an emulated fat tree (k = 2): the
 * meter closes a window every Ti, an applied item covers its port and shows as INT-label
 * freshness, every cabled port is listed, and a bad {@code back} is a problem naming it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LabelingCoverageApiIntegrationTests extends SharedApiContext {

	@AutoClose
	private static final EmulatedFabric fabric = EmulatedFabric.fatTree(2);

	@Autowired
	ApplicationEventPublisher events;

	@BeforeEach
	void importTopology() {
		assertThat(this.api.postJson("/api/v1/topology", fabric.document(), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
	}

	@Test
	void closesAWindowEveryTelemetryIntervalAndAnAppliedItemCoversItsPort() {
		JsonNode first = await().atMost(Duration.ofSeconds(30))
			.until(() -> json(this.api.get("/api/v1/labeling/coverage?back=PT1M", VIEWER_TOKEN)),
					(body) -> body.get("history").size() >= 2);
		assertThat(first.get("enabled").asBoolean()).isTrue();
		JsonNode window = first.get("current");
		assertThat(Duration.between(Instant.parse(window.get("start").asText()),
				Instant.parse(window.get("end").asText())))
			.isEqualTo(Duration.ofMillis(100));

		String leaf = fabric.switchNames().get(0);
		PortKey port = new PortKey(leaf, cabledPort(leaf));
		Instant applied = Instant.now();
		this.events.publishEvent(
				new LabelStatesUpdated(List.of(new PortLabelState(port, 7, 1_000, 5, 0, 0, applied)), applied));

		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			JsonNode history = json(this.api.get("/api/v1/labeling/coverage?back=PT1M", VIEWER_TOKEN)).get("history");
			List<JsonNode> covering = new ArrayList<>();
			history.forEach((sample) -> {
				if (sample.get("covered").asInt() == 1) {
					covering.add(sample);
				}
			});
			assertThat(covering).isNotEmpty().allSatisfy((sample) -> assertThat(sample.get("active").asInt()).isOne());
		});
		JsonNode freshness = json(this.api.get("/api/v1/labeling/freshness", VIEWER_TOKEN));
		JsonNode switchNode = find(freshness.get("switches"), "name", leaf);
		JsonNode portNode = find(switchNode.get("ports"), "port", String.valueOf(port.port()));
		assertThat(Instant.parse(portNode.get("lastSeen").get("INT_LABEL").asText())).isEqualTo(applied);
		assertThat(portNode.get("ageMs").asLong()).isGreaterThanOrEqualTo(0);
	}

	@Test
	void freshnessListsEveryCabledPortOfTheTopology() {
		JsonNode switches = json(this.api.get("/api/v1/labeling/freshness", VIEWER_TOKEN)).get("switches");

		int ports = 0;
		for (JsonNode node : switches) {
			ports += node.get("ports").size();
		}
		long cabledEnds = fabric.topology()
			.links()
			.stream()
			.mapToLong((link) -> (isSwitch(link.a().node()) ? 1 : 0) + (isSwitch(link.b().node()) ? 1 : 0))
			.sum();
		assertThat(ports).isEqualTo(cabledEnds);
		assertThat(switches).extracting((node) -> node.get("name").asText()).containsAll(fabric.switchNames());
	}

	@Test
	void aMalformedSpanIsAProblemNamingBack() {
		HttpResponse<String> answer = this.api.get("/api/v1/labeling/coverage?back=banana", VIEWER_TOKEN);

		assertThat(answer.statusCode()).isEqualTo(400);
		assertThat(answer.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(json(answer).get("field").asText()).isEqualTo("back");
		assertThat(this.api.get("/api/v1/labeling/coverage?back=PT48H", VIEWER_TOKEN).statusCode()).isEqualTo(400);
	}

	private static boolean isSwitch(String node) {
		return fabric.switchNames().contains(node);
	}

	private static int cabledPort(String switchName) {
		return fabric.topology().linksOf(switchName).get(0).endAt(switchName).port();
	}

	private static JsonNode find(JsonNode list, String field, String value) {
		for (JsonNode node : list) {
			if (node.get(field).asText().equals(value)) {
				return node;
			}
		}
		throw new AssertionError("no " + field + " " + value + " in " + list);
	}

}
