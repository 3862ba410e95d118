package io.sonde.webhooks.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.alerts.Alert;
import io.sonde.webhooks.Subscription;
import io.sonde.webhooks.WebhookFormat;
import org.junit.jupiter.api.Test;

import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alertmanager-v4 body holds the fields Alertmanager's webhook receiver documents,
 * with their types: version "4", groupKey, truncatedAlerts, status, receiver,
 * groupLabels, commonLabels, commonAnnotations, externalURL, and alerts with status,
 * labels, annotations, startsAt, endsAt, generatorURL, fingerprint.
 */
class AlertmanagerPayloadTests {

	private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

	private final ObjectMapper json = Jackson2ObjectMapperBuilder.json().build();

	private final PayloadWriter writer = new PayloadWriter(this.json, "http://sonde.example:8080/");

	private final Subscription subscription = new Subscription("am", "netops pager", "https://pager.example/hook", true,
			WebhookFormat.ALERTMANAGER_V4, List.of(), Map.of(), List.of("alertname"), Duration.ZERO,
			Duration.ofMinutes(5), NOW, NOW);

	@Test
	void writesEveryDocumentedFieldOfVersionFour() throws Exception {
		Alert firing = Alerts.firing("loss-high", Map.of("link", "a-b", "switch", "edge-0-0"), NOW.minusSeconds(30));
		Alert resolved = Alerts.firing("loss-high", Map.of("link", "c-d", "switch", "edge-0-0"), NOW.minusSeconds(90))
			.resolvedAt(NOW.minusSeconds(5));

		JsonNode body = this.json.readTree(this.writer.write(this.subscription, "alerts.notification",
				"am:{alertname=\"loss-high\"}", Map.of("alertname", "loss-high"), List.of(firing, resolved), NOW));

		assertThat(body.fieldNames()).toIterable()
			.containsExactlyInAnyOrder("version", "groupKey", "truncatedAlerts", "status", "receiver", "groupLabels",
					"commonLabels", "commonAnnotations", "externalURL", "alerts");
		assertThat(body.path("version").isTextual()).isTrue();
		assertThat(body.path("version").asText()).isEqualTo("4");
		assertThat(body.path("groupKey").asText()).isEqualTo("am:{alertname=\"loss-high\"}");
		assertThat(body.path("truncatedAlerts").isInt()).isTrue();
		assertThat(body.path("truncatedAlerts").asInt()).isZero();
		assertThat(body.path("status").asText()).isEqualTo("firing");
		assertThat(body.path("receiver").asText()).isEqualTo("netops pager");
		assertThat(body.path("groupLabels")).isEqualTo(this.json.readTree("{\"alertname\":\"loss-high\"}"));
		assertThat(body.path("commonLabels")).isEqualTo(this.json.readTree(
				"{\"alertname\":\"loss-high\",\"rule_id\":\"loss-high\",\"severity\":\"warning\",\"switch\":\"edge-0-0\"}"));
		assertThat(body.path("commonAnnotations")).isEqualTo(this.json.readTree("{\"summary\":\"loss-high fired\"}"));
		assertThat(body.path("externalURL").asText()).isEqualTo("http://sonde.example:8080");

		JsonNode first = body.path("alerts").get(0);
		assertThat(first.fieldNames()).toIterable()
			.containsExactlyInAnyOrder("status", "labels", "annotations", "startsAt", "endsAt", "generatorURL",
					"fingerprint");
		assertThat(first.path("status").asText()).isEqualTo("firing");
		assertThat(first.path("labels").path("link").asText()).isEqualTo("a-b");
		assertThat(first.path("startsAt").asText()).isEqualTo("2026-11-27T09:59:30Z");
		assertThat(first.path("endsAt").asText()).isEqualTo("0001-01-01T00:00:00Z");
		assertThat(first.path("generatorURL").asText()).isEqualTo("http://sonde.example:8080/alerts?rule=loss-high");
		assertThat(first.path("fingerprint").asText()).isEqualTo(firing.fingerprint()).matches("[0-9a-f]{16}");

		JsonNode second = body.path("alerts").get(1);
		assertThat(second.path("status").asText()).isEqualTo("resolved");
		assertThat(second.path("endsAt").asText()).isEqualTo("2026-11-27T09:59:55Z");
	}

	@Test
	void aGroupWhoseAlertsAllResolvedIsResolved() throws Exception {
		Alert resolved = Alerts.firing("loss-high", Map.of("link", "a-b"), NOW.minusSeconds(60)).resolvedAt(NOW);

		JsonNode body = this.json.readTree(this.writer.write(this.subscription, "alerts.notification", "k",
				Map.of("alertname", "loss-high"), List.of(resolved), NOW));

		assertThat(body.path("status").asText()).isEqualTo("resolved");
	}

}
