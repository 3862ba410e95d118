package io.sonde.agents;

import java.io.IOException;
import java.net.Socket;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Entries XADDed to the agents' three streams as a NIC agent writes them, through the
 * real ingest into the event log and the embedded QuestDB, read back over the agents'
 * API; a re-published entry stored once; an IPv6 flow read back by its id; the thresholds
 * set, pinned and pushed; bad input answered 400 naming the field. Each test works under
 * an agent name of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AgentsApiIntegrationTests extends SharedApiContext {

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	TimeSeriesSql sql;

	private String agent;

	private AgentStreamsFixture fixture;

	@BeforeEach
	void agentOfThisTest() {
		this.agent = "it-agent-" + System.nanoTime();
		this.fixture = new AgentStreamsFixture(this.agent, "eth0", 1_764_000_000_000L);
		AgentStreamsFixture.awaitGroups(this.redisTemplate);
	}

	@Test
	void storesEventsAsThresholdAndChangedWithTheAgentsOriginOnceEvenWhenPublishedAgain() {
		long ts = System.currentTimeMillis() * 1_000_000L;
		Map<String, String> entry = this.fixture.batch("events",
				List.of(AgentStreamsFixture.hopLatencyEvent(1, ts, 9000, true),
						AgentStreamsFixture.hopLatencyEvent(2, ts + 1000, 300, false)));
		xadd(AgentStreamsFixture.EVENTS, entry);
		xadd(AgentStreamsFixture.EVENTS, entry);
		xadd(AgentStreamsFixture.EVENTS,
				this.fixture.batch("events", List.of(AgentStreamsFixture.hopLatencyEvent(3, ts + 2000, 20, false))));

		String source = "nic_agent:" + this.agent + "/eth0";
		await().atMost(Duration.ofSeconds(30)).until(() -> events(source).size() == 3);
		List<Map<String, Object>> events = events(source);
		String origin = "nic_agent/" + this.agent + "/eth0/1764000000000/";
		assertThat(events).extracting((row) -> row.get("origin"))
			.containsExactly(origin + "1", origin + "2", origin + "3");
		assertThat(events).extracting((row) -> row.get("kind")).containsExactly("THRESHOLD", "CHANGED", "CHANGED");
		assertThat(events.get(0)).containsEntry("metric", "hop_latency")
			.containsEntry("value", 9000.0)
			.containsEntry("switch_id", 7L)
			.containsEntry("event_key", "10.0.0.2:5000>10.1.0.3:6000/17@7");
	}

	@Test
	void answersTopFlowsByLatencyAndAFlowsHopsWithItsBottleneckStoringARepublishedRecordOnce() {
		long now = System.currentTimeMillis() * 1_000_000L;
		String src = "10.9." + (System.nanoTime() % 200) + "." + (1 + System.nanoTime() % 200);
		Map<String, String> entry = this.fixture.batch("records",
				List.of(AgentStreamsFixture.flowRecord(1, src, 1111, now, 500)
					// The first switch does not give the utilization: all ones (INT 2.1
					// 5.8).
					.replace("h0_util=100 h0_util_avg=90", "h0_util=4294967295 h0_util_avg=4294967295"),
						AgentStreamsFixture.flowRecord(2, src, 2222, now + 1000, 900)));
		xadd(AgentStreamsFixture.FLOWS, entry);
		xadd(AgentStreamsFixture.FLOWS, entry);

		await().atMost(Duration.ofSeconds(30))
			.until(() -> json(this.api.get("/api/v1/flows?agent=" + this.agent, ApiCaller.VIEWER_TOKEN)).size() == 2);
		JsonNode flows = json(this.api.get("/api/v1/flows?agent=" + this.agent + "&limit=5", ApiCaller.VIEWER_TOKEN));
		assertThat(flows.get(0).get("flowId").asText()).isEqualTo(src + ":2222-10.1.0.3:6000-17");
		assertThat(flows.get(0).get("e2eLatency").asLong()).isEqualTo(900);
		assertThat(flows.get(0).get("path").toString()).isEqualTo("[1,7,3]");
		assertThat(flows.get(0).get("agent").asText()).isEqualTo(this.agent);
		assertThat(flows.get(1).get("e2eLatency").asLong()).isEqualTo(500);

		JsonNode flow = json(this.api.get("/api/v1/flows/" + src + ":1111-10.1.0.3:6000-17", ApiCaller.VIEWER_TOKEN));
		assertThat(flow.get("packets").asLong()).isEqualTo(42);
		assertThat(flow.get("hops")).hasSize(3);
		assertThat(flow.get("hops").get(1).get("switchId").asLong()).isEqualTo(7);
		assertThat(flow.get("hops").get(1).get("latencyAvg").asDouble()).isEqualTo(55.0);
		assertThat(flow.get("bottleneckHop").asInt()).isEqualTo(1);
		assertThat(flow.get("hops").get(0).get("util").isNull()).isTrue();
		assertThat(flow.get("hops").get(0).get("utilAvg").isNull()).isTrue();
		assertThat(flow.get("hops").get(0).get("queueAvg").asDouble()).isEqualTo(4.0);
		assertThat(flow.get("hops").get(1).get("util").asLong()).isEqualTo(200);
		assertThat(this.sql.select("SELECT count() n FROM agent_flows WHERE agent = ?", this.agent).get(0).get("n"))
			.isEqualTo(2L);

		assertThat(this.api.get("/api/v1/flows/10.255.0.1:1-10.1.0.3:6000-17", ApiCaller.VIEWER_TOKEN).statusCode())
			.isEqualTo(404);
	}

	@Test
	void readsAnIpv6FlowBackByItsIdWithTheAddressesInBracketsEncodedOrAsABrowserSendsIt() throws IOException {
		long now = System.currentTimeMillis() * 1_000_000L;
		String src = "2001:db8:" + Long.toHexString(1 + System.nanoTime() % 0xfffe) + "::1";
		xadd(AgentStreamsFixture.FLOWS, this.fixture.batch("records",
				List.of(AgentStreamsFixture.flowRecord(1, src, 5000, "2001:db8::2", now, 700))));
		String id = "[" + src + "]:5000-[2001:db8::2]:6000-17";

		await().atMost(Duration.ofSeconds(30))
			.until(() -> json(this.api.get("/api/v1/flows?agent=" + this.agent, ApiCaller.VIEWER_TOKEN)).size() == 1);
		JsonNode listed = json(this.api.get("/api/v1/flows?agent=" + this.agent, ApiCaller.VIEWER_TOKEN)).get(0);
		assertThat(listed.get("flowId").asText()).isEqualTo(id);
		assertThat(listed.get("srcIp").asText()).isEqualTo(src);
		assertThat(listed.get("dstIp").asText()).isEqualTo("2001:db8::2");

		JsonNode flow = json(
				this.api.get("/api/v1/flows/" + URLEncoder.encode(id, StandardCharsets.UTF_8), ApiCaller.VIEWER_TOKEN));
		assertThat(flow.get("flowId").asText()).isEqualTo(id);
		assertThat(flow.get("e2eLatency").asLong()).isEqualTo(700);
		assertThat(flow.get("hops")).hasSize(3);

		String asSent = rawGet("/api/v1/flows/" + id);
		assertThat(asSent).as(asSent).startsWith("HTTP/1.1 200").contains("\"flowId\":\"" + id + "\"");
	}

	/**
	 * A GET with the path's characters as they are: a browser leaves {@code [}, {@code ]}
	 * and {@code :} of a path unencoded, which java.net.URI would refuse. HTTP/1.0, so
	 * the answer comes whole, not chunked.
	 */
	private String rawGet(String path) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(30_000);
			socket.getOutputStream()
				.write(("GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1:" + this.port + "\r\nAuthorization: Bearer "
						+ ApiCaller.VIEWER_TOKEN + "\r\nAccept: application/json\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	@Test
	void answersTheLatestHistogramOfEachSwitchAndMetric() {
		long now = System.currentTimeMillis() * 1_000_000L;
		xadd(AgentStreamsFixture.HISTOGRAMS, this.fixture.histogram(7, "hop_latency", now, List.of(1L, 2L, 3L)));
		xadd(AgentStreamsFixture.HISTOGRAMS,
				this.fixture.histogram(7, "hop_latency", now + 5_000_000_000L, List.of(4L, 5L, 6L)));
		xadd(AgentStreamsFixture.HISTOGRAMS, this.fixture.histogram(3, "queue_occupancy", now, List.of(9L)));

		String path = "/api/v1/agents/" + this.agent + "/histograms";
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			JsonNode all = json(this.api.get(path, ApiCaller.VIEWER_TOKEN));
			return all.size() == 2 && all.get(1).get("bins").toString().equals("[4,5,6]");
		});
		JsonNode all = json(this.api.get(path, ApiCaller.VIEWER_TOKEN));
		assertThat(all.get(0).get("switchId").asLong()).isEqualTo(3);
		assertThat(all.get(1).get("binWidth").asLong()).isEqualTo(1000);
		JsonNode queues = json(this.api.get(path + "?metric=queue_occupancy", ApiCaller.VIEWER_TOKEN));
		assertThat(queues).hasSize(1);
		assertThat(json(this.api.get(path + "?switchId=7", ApiCaller.VIEWER_TOKEN))).hasSize(1);
	}

	@Test
	void listsAgentsUpWhileTheyWriteTheirCounters() {
		long now = System.currentTimeMillis();
		this.fixture.writeCounters(this.redisTemplate, now, Map.of());
		new AgentStreamsFixture(this.agent, "eth1", 1L).writeCounters(this.redisTemplate, now - 60_000, Map.of());

		JsonNode agents = json(this.api.get("/api/v1/agents", ApiCaller.VIEWER_TOKEN));
		JsonNode eth0 = find(agents, "eth0");
		JsonNode eth1 = find(agents, "eth1");
		assertThat(eth0.get("up").asBoolean()).isTrue();
		assertThat(eth0.get("counters").get("packets").asText()).isEqualTo("1000");
		assertThat(Instant.parse(eth0.get("lastSeen").asText()).toEpochMilli()).isEqualTo(now);
		assertThat(eth1.get("up").asBoolean()).isFalse();
	}

	@Test
	void setsPinsAndPushesAThresholdAndRecordsTheChange() {
		this.fixture.writeCounters(this.redisTemplate, System.currentTimeMillis(),
				Map.of("threshold_hop_latency_threshold", "5000", "threshold_flow_latency_change", "2000"));
		String path = "/api/v1/agents/" + this.agent + "/thresholds";
		JsonNode before = json(this.api.get(path, ApiCaller.VIEWER_TOKEN));
		assertThat(before.get("hop_latency.threshold").get("value").asLong()).isEqualTo(5000);
		assertThat(before.get("hop_latency.threshold").get("pinned").asBoolean()).isFalse();
		assertThat(before.has("queue_occupancy.threshold")).isFalse();

		assertThat(this.api.putJson(path + "/hop_latency.threshold", "{\"value\": 7000}", ApiCaller.VIEWER_TOKEN)
			.statusCode()).isEqualTo(403);
		HttpResponse<String> set = this.api.putJson(path + "/hop_latency.threshold",
				"{\"value\": 7000, \"pinned\": true}", ApiCaller.OPERATOR_TOKEN);
		assertThat(set.statusCode()).as(set.body()).isEqualTo(200);

		JsonNode after = json(this.api.get(path, ApiCaller.VIEWER_TOKEN)).get("hop_latency.threshold");
		assertThat(after.get("value").asLong()).isEqualTo(7000);
		assertThat(after.get("pinned").asBoolean()).isTrue();
		assertThat(after.get("lastChange").get("by").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		assertThat(after.get("lastChange").get("previous").asLong()).isEqualTo(5000);
		assertThat(this.redisTemplate.opsForHash()
			.get("sonde:agent:" + this.agent + ":eth0:thresholds", "hop_latency.threshold")).isEqualTo("7000");
	}

	@Test
	void refusesBadInputNamingTheField() {
		String path = "/api/v1/agents/" + this.agent + "/thresholds/";
		assertRefused(this.api.putJson(path + "hop_latency.bogus", "{\"value\": 1}", ApiCaller.OPERATOR_TOKEN),
				"threshold");
		assertRefused(this.api.putJson(path + "hop_latency.threshold", "{\"value\": -1}", ApiCaller.OPERATOR_TOKEN),
				"value");
		assertRefused(
				this.api.putJson(path + "hop_latency.threshold", "{\"value\": \"abc\"}", ApiCaller.OPERATOR_TOKEN),
				"value");
		assertRefused(this.api.putJson(path + "hop_latency.threshold", "{\"value\": 18446744073709551616}",
				ApiCaller.OPERATOR_TOKEN), "value");
		assertRefused(
				this.api.putJson(path + "hop_latency.threshold", "{\"pinned\": \"yes\"}", ApiCaller.OPERATOR_TOKEN),
				"pinned");
		assertRefused(this.api.putJson(path + "hop_latency.threshold", "{\"colour\": 1}", ApiCaller.OPERATOR_TOKEN),
				"colour");
		assertRefused(this.api.putJson(path + "hop_latency.threshold", "{}", ApiCaller.OPERATOR_TOKEN), "body");
		assertRefused(this.api.get("/api/v1/flows?limit=0", ApiCaller.VIEWER_TOKEN), "limit");
		assertRefused(this.api.get("/api/v1/flows?limit=many", ApiCaller.VIEWER_TOKEN), "limit");
		assertRefused(this.api.get("/api/v1/flows?since=yesterday", ApiCaller.VIEWER_TOKEN), "since");
		assertRefused(
				this.api.get("/api/v1/agents/" + this.agent + "/histograms?metric=colour", ApiCaller.VIEWER_TOKEN),
				"metric");
		assertRefused(this.api.get("/api/v1/agents/" + this.agent + "/histograms?switchId=x", ApiCaller.VIEWER_TOKEN),
				"switchId");
	}

	private static void assertRefused(HttpResponse<String> response, String field) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
		assertThat(json(response).get("field").asText()).as(response.body()).isEqualTo(field);
	}

	private List<Map<String, Object>> events(String source) {
		return this.sql.select(
				"SELECT origin, kind, metric, value, switch_id, event_key FROM events WHERE source = ? ORDER BY origin",
				source);
	}

	private JsonNode find(JsonNode agents, String ifname) {
		for (JsonNode status : agents) {
			if (status.get("agent").asText().equals(this.agent) && status.get("ifname").asText().equals(ifname)) {
				return status;
			}
		}
		throw new AssertionError("agent " + this.agent + "/" + ifname + " not listed: " + agents);
	}

	private void xadd(String stream, Map<String, String> fields) {
		AgentStreamsFixture.xadd(this.redisTemplate, stream, fields);
	}

	private static JsonNode json(HttpResponse<String> response) {
		return ApiCaller.json(response);
	}

}
