package io.sonde.alerts;

import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.sonde.events.EventKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A rule's JSON is exactly the one ALERTS-DECISIONS fixes, both ways. */
class AlertRuleJsonTests {

	private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules().build();

	@Test
	void readsTheDocumentedValueRule() throws Exception {
		AlertRule rule = JSON.readValue("""
				{"id":"coverage-low","name":"coverage low","severity":"warning","enabled":true,
				 "condition":{"type":"value","value":"labeling.coverage","comparison":"below","bound":0.95},
				 "selector":{"switch":null,"port":null,"flow":null},
				 "for":"5s","repeatInterval":"PT5M",
				 "labels":{"team":"netops"},"annotations":{"summary":"INT-label coverage under 95%"}}
				""", AlertRule.class);

		assertThat(rule.severity()).isEqualTo(AlertSeverity.WARNING);
		assertThat(rule.condition()).isEqualTo(new LiveValueCondition("labeling.coverage", Comparison.BELOW, 0.95));
		assertThat(rule.forDuration()).isEqualTo(Duration.ofSeconds(5));
		assertThat(rule.repeatInterval()).isEqualTo(Duration.ofMinutes(5));
		assertThat(rule.selector()).isEqualTo(AlertSelector.ANY);
	}

	@Test
	void writesEventRulesWithShortDurationsAndLowercaseNames() throws Exception {
		AlertRule rule = new AlertRule("slow", "slow", AlertSeverity.CRITICAL,
				new EventCountCondition(EventKind.THRESHOLD, "hop_latency", 3, Duration.ofSeconds(30)),
				new AlertSelector("leaf-1", 2, null), Duration.ofMillis(500), Duration.ofHours(1), Map.of(), Map.of(),
				true);

		JsonNode json = JSON.readTree(JSON.writeValueAsString(rule));

		assertThat(json.at("/severity").asText()).isEqualTo("critical");
		assertThat(json.at("/condition/type").asText()).isEqualTo("events");
		assertThat(json.at("/condition/kind").asText()).isEqualTo("THRESHOLD");
		assertThat(json.at("/condition/window").asText()).isEqualTo("30s");
		assertThat(json.at("/selector/switch").asText()).isEqualTo("leaf-1");
		assertThat(json.at("/for").asText()).isEqualTo("500ms");
		assertThat(json.at("/repeatInterval").asText()).isEqualTo("1h");
		assertThat(JSON.readValue(json.toString(), AlertRule.class)).isEqualTo(rule);
	}

}
