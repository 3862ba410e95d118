package io.sonde.alerts.web;

import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.context.SpringBootTest;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alert rules API on the whole backend with a Redis of its own: a rule created,
 * changed and deleted as versions by the caller, bad rules refused with a 400 naming the
 * field, a viewer refused, and the live values and the OpenAPI description listing what
 * rules may use.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AlertsApiIntegrationTests extends SharedApiContext {

	private static final String RULES = "/api/v1/alerts/rules";

	private static final String VALID = """
			{"name":"coverage low","severity":"warning","enabled":true,
			 "condition":{"type":"value","value":"labeling.coverage","comparison":"below","bound":0.95},
			 "selector":{"switch":null,"port":null,"flow":null},
			 "for":"5s","repeatInterval":"5m",
			 "labels":{"team":"netops"},"annotations":{"summary":"INT-label coverage under 95%"}}
			""";

	@Test
	void createsChangesAndDeletesARuleAsVersionsOfTheCaller() {
		HttpResponse<String> created = this.api.postJson(RULES + "?comment=first", VALID, OPERATOR_TOKEN);
		assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
		assertThat(json(created).at("/rule/id").asText()).isEqualTo("coverage-low");
		assertThat(json(created).at("/author").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		assertThat(this.api.postJson(RULES, VALID, OPERATOR_TOKEN).statusCode()).as("same id").isEqualTo(409);

		HttpResponse<String> changed = this.api.putJson(RULES + "/coverage-low?comment=tighter",
				VALID.replace("0.95", "0.9"), OPERATOR_TOKEN);
		assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
		assertThat(json(changed).at("/version").asLong()).isEqualTo(2);
		JsonNode rule = json(this.api.get(RULES + "/coverage-low", VIEWER_TOKEN));
		assertThat(rule.at("/condition/bound").asDouble()).isEqualTo(0.9);
		assertThat(rule.at("/for").asText()).isEqualTo("5s");
		assertThat(rule.at("/repeatInterval").asText()).isEqualTo("5m");

		assertThat(this.api.delete(RULES + "/coverage-low", OPERATOR_TOKEN).statusCode()).isEqualTo(200);
		JsonNode versions = json(this.api.get(RULES + "/coverage-low/versions", VIEWER_TOKEN));
		assertThat(versions).hasSize(3);
		assertThat(versions.get(0).at("/deleted").asBoolean()).isTrue();
		assertThat(versions.get(2).at("/comment").asText()).isEqualTo("first");
		assertThat(this.api.get(RULES + "/coverage-low", VIEWER_TOKEN).statusCode()).isEqualTo(404);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "\"name\":\"coverage low\"|\"id\":\"Bad Id\",\"name\":\"x\"|id",
			"\"name\":\"coverage low\"|\"name\":\"  \"|name",
			"\"value\":\"labeling.coverage\"|\"value\":\"no.such.value\"|condition.value",
			"\"comparison\":\"below\"|\"comparison\":\"sideways\"|condition.comparison",
			"\"for\":\"5s\"|\"for\":\"48h\"|for", "\"for\":\"5s\"|\"for\":\"soon\"|for",
			"\"repeatInterval\":\"5m\"|\"repeatInterval\":\"1s\"|repeatInterval",
			"\"severity\":\"warning\"|\"severity\":\"dire\"|severity", "\"team\":\"netops\"|\"team\":null|labels.team",
			"\"summary\":\"INT-label coverage under 95%\"|\"summary\":null|annotations.summary",
			"\"type\":\"value\",\"value\":\"labeling.coverage\",\"comparison\":\"below\",\"bound\":0.95|\"type\":\"events\",\"kind\":\"THRESHOLD\",\"count\":0,\"window\":\"30s\"|condition.count",
			"\"type\":\"value\",\"value\":\"labeling.coverage\",\"comparison\":\"below\",\"bound\":0.95|\"type\":\"events\",\"kind\":\"THRESHOLD\",\"count\":2,\"window\":\"100ms\"|condition.window" })
	void refusesABadRuleWithAProblemNamingTheField(String replaced, String replacement, String field) {
		HttpResponse<String> refused = this.api.postJson(RULES, VALID.replace(replaced, replacement), OPERATOR_TOKEN);

		assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
		assertThat(refused.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(json(refused).at("/field").asText()).as(refused.body()).isEqualTo(field);
	}

	@Test
	void refusesAViewerAndAnUnboundedHistory() {
		assertThat(this.api.postJson(RULES, VALID, VIEWER_TOKEN).statusCode()).isEqualTo(403);
		HttpResponse<String> history = this.api.get("/api/v1/alerts/history?limit=0", VIEWER_TOKEN);
		assertThat(history.statusCode()).isEqualTo(400);
		assertThat(json(history).at("/field").asText()).isEqualTo("limit");
	}

	@Test
	void listsTheLiveValuesARuleMayNameAndDescribesTheBodies() {
		JsonNode values = json(this.api.get("/api/v1/alerts/values", VIEWER_TOKEN));
		assertThat(values.findValuesAsText("name")).contains("labeling.coverage", "switch.unreachable_seconds",
				"probes.session_failed", "collector.drops_per_s", "ingest.lag_ms");
		assertThat(json(this.api.get("/api/v1/alerts", VIEWER_TOKEN)).isArray()).isTrue();

		JsonNode openApi = json(this.api.get("/v3/api-docs", VIEWER_TOKEN));
		JsonNode post = openApi.at("/paths/~1api~1v1~1alerts~1rules/post");
		assertThat(post.at("/requestBody/content/application~1json/schema/$ref").asText()).endsWith("/AlertRule");
		assertThat(post.at("/responses/201/content").isMissingNode()).isFalse();
		assertThat(openApi.at("/components/schemas/AlertRule/properties/for").isMissingNode()).isFalse();
	}

}
