package io.sonde.webhooks.web;

import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.sonde.alerts.Alert;
import io.sonde.alerts.AlertNotification;
import io.sonde.alerts.AlertSeverity;
import io.sonde.alerts.AlertStatus;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.ADMIN_TOKEN;
import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The webhooks API on the running backend: 400s naming the field (the request-forgery
 * guard's refusal too), the secret shown once, test send and the delivery log, an alert
 * notification published in the application reaching a receiver, and the payload schemas
 * in the OpenAPI description.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep the class's Redis in use.
@DirtiesContext
class WebhooksApiIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final List<String> bodies = new CopyOnWriteArrayList<>();

	private static HttpServer receiver;

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.webhooks.allowed-destinations", () -> "127.0.0.1/32");
		ApiCaller.registerTokens(properties);
	}

	@BeforeAll
	static void startReceiver() throws Exception {
		receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
		receiver.createContext("/", (exchange) -> {
			bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
		});
		receiver.start();
	}

	@AfterAll
	static void stopEverything() {
		receiver.stop(0);
	}

	@LocalServerPort
	int port;

	@Autowired
	ApplicationEventPublisher events;

	private String receiverUrl() {
		return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
	}

	@Test
	void refusesBadSubscriptionsNamingTheField() {
		ApiCaller api = new ApiCaller(this.port);
		Map<String, String> bad = Map.of("{\"name\":\"meta\",\"url\":\"http://169.254.169.254/latest\"}", "url",
				"{\"name\":\"ftp\",\"url\":\"ftp://127.0.0.1/x\"}", "url", "{\"url\":\"" + receiverUrl() + "\"}",
				"name", "{\"name\":\"w\",\"url\":\"" + receiverUrl() + "\",\"groupWait\":\"soon\"}", "groupWait",
				"{\"name\":\"f\",\"url\":\"" + receiverUrl() + "\",\"format\":\"xml\"}", "format",
				"{\"name\":\"g\",\"url\":\"" + receiverUrl() + "\",\"groupBy\":[\"bad label\"]}", "groupBy[0]");
		bad.forEach((body, field) -> {
			HttpResponse<String> response = api.postJson("/api/v1/webhooks/subscriptions", body, ADMIN_TOKEN);
			assertThat(response.statusCode()).as(body).isEqualTo(400);
			assertThat(response.headers().firstValue("Content-Type"))
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			assertThat(json(response).path("field").asText()).as(body).isEqualTo(field);
		});
	}

	@Test
	void showsTheSecretOnceSendsATestAndLogsIt() {
		ApiCaller api = new ApiCaller(this.port);
		HttpResponse<String> created = api.postJson("/api/v1/webhooks/subscriptions",
				"{\"id\":\"api-test\",\"name\":\"api test\",\"url\":\"" + receiverUrl()
						+ "\",\"format\":\"alertmanager-v4\",\"groupWait\":\"0s\"}",
				ADMIN_TOKEN);
		assertThat(created.statusCode()).isEqualTo(201);
		assertThat(json(created).path("secret").asText()).startsWith("whsec_");
		assertThat(api.postJson("/api/v1/webhooks/subscriptions/api-test/secret", "{}", OPERATOR_TOKEN).statusCode())
			.as("secrets are the admin's")
			.isEqualTo(403);
		assertThat(json(created).path("subscription").path("groupInterval").asText()).isEqualTo("5m");

		HttpResponse<String> one = api.get("/api/v1/webhooks/subscriptions/api-test", VIEWER_TOKEN);
		assertThat(one.statusCode()).isEqualTo(200);
		assertThat(one.body()).doesNotContain("whsec_");

		HttpResponse<String> rotated = api.postJson("/api/v1/webhooks/subscriptions/api-test/secret",
				"{\"grace\":\"10m\"}", ADMIN_TOKEN);
		assertThat(json(rotated).path("secret").asText()).startsWith("whsec_")
			.isNotEqualTo(json(created).path("secret").asText());

		HttpResponse<String> test = api.postJson("/api/v1/webhooks/subscriptions/api-test/test", "", OPERATOR_TOKEN);
		assertThat(test.statusCode()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> json(api.get("/api/v1/webhooks/subscriptions/api-test/deliveries", VIEWER_TOKEN)).path(0)
				.path("status")
				.asText(), "DELIVERED"::equals);
		JsonNode logged = json(api.get("/api/v1/webhooks/subscriptions/api-test/deliveries", VIEWER_TOKEN)).path(0);
		assertThat(logged.path("attempts")).hasSize(1);
		assertThat(logged.path("latencyMs").isNumber()).isTrue();
		assertThat(bodies).anySatisfy((body) -> assertThat(body).contains("\"version\":\"4\""));

		assertThat(api.postJson("/api/v1/webhooks/subscriptions/api-test/test", "", VIEWER_TOKEN).statusCode())
			.isEqualTo(403);
		assertThat(api.postJson("/api/v1/webhooks/deliveries/dlv_nothing/replay", "", OPERATOR_TOKEN).statusCode())
			.isEqualTo(404);
		assertThat(api.delete("/api/v1/webhooks/subscriptions/api-test", ADMIN_TOKEN).statusCode()).isEqualTo(204);
		assertThat(api.get("/api/v1/webhooks/subscriptions/api-test", VIEWER_TOKEN).statusCode()).isEqualTo(404);
	}

	@Test
	void anAlertNotificationPublishedInTheApplicationReachesTheReceiver() {
		ApiCaller api = new ApiCaller(this.port);
		assertThat(api
			.postJson("/api/v1/webhooks/subscriptions",
					"{\"id\":\"events\",\"name\":\"events\",\"url\":\"" + receiverUrl()
							+ "\",\"ruleIds\":[\"published-rule\"],\"groupWait\":\"0s\"}",
					ADMIN_TOKEN)
			.statusCode()).isEqualTo(201);
		TreeMap<String, String> labels = new TreeMap<>(
				Map.of("alertname", "published", "severity", "critical", "rule_id", "published-rule", "switch", "s1"));
		Alert alert = new Alert(Alert.fingerprintOf(labels), "published-rule", "published", AlertSeverity.CRITICAL,
				AlertStatus.FIRING, labels, Map.of(), Instant.now(), null, 1);

		this.events.publishEvent(new AlertNotification("n-1", AlertNotification.Kind.FIRING, alert, Instant.now()));

		await().atMost(Duration.ofSeconds(30))
			.until(() -> bodies.stream().anyMatch((body) -> body.contains("\"ruleId\":\"published-rule\"")));
	}

	@Test
	void describesBothPayloadsInTheOpenApiDescription() {
		JsonNode schemas = json(new ApiCaller(this.port).get("/v3/api-docs", VIEWER_TOKEN)).path("components")
			.path("schemas");
		assertThat(schemas.path("SondeWebhookPayload").path("properties").has("data")).isTrue();
		assertThat(schemas.path("AlertmanagerWebhookPayload").path("properties").has("truncatedAlerts")).isTrue();
		assertThat(schemas.has("AlertmanagerWebhookAlert")).isTrue();
	}

}
