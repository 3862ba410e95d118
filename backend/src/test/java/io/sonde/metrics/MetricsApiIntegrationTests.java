package io.sonde.metrics;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exporter on a running backend with its embedded QuestDB: appended events are in the
 * event log's table at once (in QuestDB the exporter does not write them again), the
 * periodic push writes every key to {@code int_metrics}, and the history API gives both
 * back merged and downsampled; bad queries are 400s naming the parameter.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class MetricsApiIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	private static final EventFlow FLOW = new EventFlow("10.0.0.1", "10.0.1.2", 10000, 5001, 17);

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.metrics.push-interval", () -> "300ms");
		ApiCaller.registerTokens(properties);
	}

	@LocalServerPort
	int port;

	@Autowired
	EventLog events;

	@Autowired
	MetricsExport export;

	private ApiCaller api;

	@BeforeEach
	void caller() {
		this.api = new ApiCaller(this.port);
	}

	private static TelemetryEvent hopLatency(long switchId, int second, double value) {
		String key = FLOW + "@" + switchId;
		return new TelemetryEvent(null, "test/" + switchId + "/" + second, "test:node", T0.plusSeconds(second),
				EventKind.CHANGED, "hop_latency", key, value, null, switchId, null, null, FLOW, List.of(), null);
	}

	@Test
	void writesEachEventsValueAndGivesTheHistoryBackDownsampled() throws Exception {
		List<TelemetryEvent> batch = new ArrayList<>();
		// Switch 7: values 0..29 over 30 s; switch 8 a constant, another key.
		for (int s = 0; s < 30; s++) {
			batch.add(hopLatency(7, s, s));
			batch.add(hopLatency(8, s, 500));
		}
		this.events.append(batch);

		String query = "/api/v1/metrics?metric=hop_latency&key=" + encode(FLOW + "@7") + "&from=" + T0 + "&to="
				+ T0.plusSeconds(30) + "&resolution=10s";
		JsonNode history = awaitPoints(query, 3);
		assertThat(history.get("resolutionMs").asLong()).isEqualTo(10_000);
		JsonNode points = history.get("points");
		assertThat(points.get(0).get("time").asText()).isEqualTo(T0.toString());
		assertThat(points.get(0).get("mean").asDouble()).isEqualTo(4.5);
		assertThat(points.get(0).get("count").asLong()).isEqualTo(10);
		assertThat(points.get(2).get("min").asDouble()).isEqualTo(20);
		assertThat(points.get(2).get("max").asDouble()).isEqualTo(29);

		JsonNode keys = ApiCaller
			.json(this.api.get("/api/v1/metrics/keys?metric=hop_latency&switch=8", ApiCaller.VIEWER_TOKEN));
		assertThat(keys).hasSize(1);
		assertThat(keys.get(0).get("key").asText()).isEqualTo(FLOW + "@8");
		assertThat(keys.get(0).get("value").asDouble()).isEqualTo(500);

		// The periodic push writes every key's latest value at push time.
		await(() -> this.export.statistics().pushPoints() >= 2, "a push of both keys");
		Instant now = Instant.now();
		JsonNode pushed = awaitPoints("/api/v1/metrics?metric=hop_latency&key=" + encode(FLOW + "@8") + "&from="
				+ now.minusSeconds(60) + "&to=" + now.plusSeconds(60) + "&resolution=1m", 1);
		assertThat(pushed.get("points").get(0).get("mean").asDouble()).isEqualTo(500);
		assertThat(this.export.statistics().dropped()).isZero();

		// Event values and pushed values in one range: the 30 events' day,
		// and today's pushes.
		JsonNode both = awaitPoints("/api/v1/metrics?metric=hop_latency&key=" + encode(FLOW + "@8") + "&from=" + T0
				+ "&to=" + now.plusSeconds(60) + "&resolution=1d", 2);
		JsonNode days = both.get("points");
		assertThat(days.get(0).get("time").asText()).isEqualTo(T0.toString());
		assertThat(days.get(0).get("count").asLong()).isEqualTo(30);
		assertThat(days.get(days.size() - 1).get("count").asLong()).isPositive();
		// Each value is stored once: the event log holds the events' values.
		assertThat(this.export.statistics().eventPoints()).isZero();
		assertThat(this.export.statistics().eventValues()).isEqualTo(60);
	}

	@Test
	void refusesABadQueryNamingTheParameter() {
		HttpResponse<String> badResolution = this.api.get("/api/v1/metrics?metric=hop_latency&key=k&resolution=often",
				ApiCaller.VIEWER_TOKEN);
		assertThat(badResolution.statusCode()).isEqualTo(400);
		assertThat(badResolution.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(ApiCaller.json(badResolution).get("field").asText()).isEqualTo("resolution");

		HttpResponse<String> noKey = this.api.get("/api/v1/metrics?metric=hop_latency", ApiCaller.VIEWER_TOKEN);
		assertThat(noKey.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(noKey).get("field").asText()).isEqualTo("key");

		HttpResponse<String> tooFine = this.api.get("/api/v1/metrics?metric=hop_latency&key=k&from=" + T0 + "&to="
				+ T0.plus(Duration.ofDays(1)) + "&resolution=1s", ApiCaller.VIEWER_TOKEN);
		assertThat(tooFine.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(tooFine).get("field").asText()).isEqualTo("resolution");

		HttpResponse<String> badSwitch = this.api.get("/api/v1/metrics/keys?metric=hop_latency&switch=s1",
				ApiCaller.VIEWER_TOKEN);
		assertThat(badSwitch.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(badSwitch).get("field").asText()).isEqualTo("switch");
	}

	@Test
	void refusesAnUnknownMetricNamingItAndListingTheKnownOnes() {
		for (String query : List.of("/api/v1/metrics?metric=bogus&key=k", "/api/v1/metrics/keys?metric=bogus")) {
			HttpResponse<String> unknown = this.api.get(query, ApiCaller.VIEWER_TOKEN);
			assertThat(unknown.statusCode()).as(query).isEqualTo(400);
			assertThat(unknown.headers().firstValue("Content-Type"))
				.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
			JsonNode problem = ApiCaller.json(unknown);
			assertThat(problem.get("field").asText()).isEqualTo("metric");
			assertThat(problem.get("detail").asText()).contains("'bogus'").contains("hop_latency");
			List<String> known = new ArrayList<>();
			problem.get("known").forEach((metric) -> known.add(metric.asText()));
			assertThat(known).containsExactly("flow_path", "flow_latency", "hop_latency", "queue_occupancy",
					"queue_congestion", "link_utilization");
		}
		HttpResponse<String> none = this.api.get("/api/v1/metrics/keys", ApiCaller.VIEWER_TOKEN);
		assertThat(none.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(none).get("field").asText()).isEqualTo("metric");
	}

	/** QuestDB applies its write-ahead log asynchronously: poll until the rows show. */
	private JsonNode awaitPoints(String query, int points) {
		JsonNode body = Awaitility.await("points of " + query)
			.atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.until(() -> points(query), (shown) -> shown.get("points").size() >= points);
		assertThat(body.get("points")).as(body.toString()).hasSize(points);
		return body;
	}

	private JsonNode points(String query) {
		HttpResponse<String> response = this.api.get(query, ApiCaller.VIEWER_TOKEN);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return ApiCaller.json(response);
	}

	private static void await(java.util.function.BooleanSupplier condition, String what) {
		Awaitility.await("waiting for " + what)
			.atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(20))
			.until(condition::getAsBoolean);
	}

	private static String encode(String text) {
		return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
	}

}
