package io.sonde.ingest;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.events.SseClient;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Entries XADDed to {@code sonde:stream:events} as the XDP collector writes them, through
 * the real ingest into the embedded QuestDB and the live stream: read back over
 * {@code GET /api/v1/events} and {@code /api/v1/events/stream} with every field;
 * malformed entries parked by reason while the consumer keeps going.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EventIngestIntegrationTests extends SharedApiContext {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final String STREAM = "sonde:stream:events";

	/** 2026-11-01T00:00:00Z in ns, on a microsecond (what QuestDB keeps). */
	private static final long T0 = Instant.parse("2026-11-01T00:00:00Z").getEpochSecond() * 1_000_000_000L;

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	IngestStatistics statistics;

	private void xadd(Map<String, String> fields) {
		this.redisTemplate.opsForStream().add(MapRecord.create(STREAM, fields));
	}

	/**
	 * Every page of the query, following the cursors: one field of each event, in order.
	 * @param afterPage called with the number of pages read so far
	 */
	private List<String> pageThrough(String query, int limit, String field, IntConsumer afterPage) {
		List<String> values = new ArrayList<>();
		String cursor = null;
		int pages = 0;
		do {
			JsonNode page = get(
					"/api/v1/events?" + query + "&limit=" + limit + ((cursor != null) ? "&cursor=" + cursor : ""));
			page.get("events").forEach((event) -> values.add(event.get(field).asText()));
			cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
			afterPage.accept(++pages);
		}
		while (cursor != null);
		return values;
	}

	private JsonNode get(String path) {
		HttpResponse<String> answer = new ApiCaller(this.port).get(path, ApiCaller.VIEWER_TOKEN);
		assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
		return ApiCaller.json(answer);
	}

	@Test
	void entriesOfEveryMetricAppearInTheQueryAndTheLiveStreamWithEveryField() throws Exception {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		String node = "node-a";
		try (SseClient live = SseClient.open(this.port, "/api/v1/events/stream?source=xdp:node-a/eth0",
				ApiCaller.VIEWER_TOKEN, null)) {
			assertThat(live.status()).isEqualTo(200);
			Thread.sleep(300);
			Map<Integer, Map<String, String>> entries = CollectorEntriesFixture.everyMetric(node, T0);
			for (int seq = 1; seq <= 6; seq++) {
				xadd(entries.get(seq));
			}

			List<SseClient.Message> streamed = live.collect("telemetry", 6, Duration.ofSeconds(20));
			assertThat(streamed).hasSize(6);
			await().atMost(Duration.ofSeconds(20))
				.until(() -> get("/api/v1/events?source=xdp:node-a/eth0").get("events").size() == 6);
			JsonNode stored = get("/api/v1/events?source=xdp:node-a/eth0").get("events");

			// Newest first: link utilization (seq 6) down to the flow path (seq 1).
			List<String> origins = new ArrayList<>();
			stored.forEach((event) -> origins.add(event.get("origin").asText()));
			assertThat(origins).containsExactly("xdp/node-a/eth0/1700000000000/6", "xdp/node-a/eth0/1700000000000/5",
					"xdp/node-a/eth0/1700000000000/4", "xdp/node-a/eth0/1700000000000/3",
					"xdp/node-a/eth0/1700000000000/2", "xdp/node-a/eth0/1700000000000/1");

			JsonNode path = stored.get(5);
			assertThat(path.get("source").asText()).isEqualTo("xdp:node-a/eth0");
			assertThat(Instant.parse(path.get("detectedAt").asText())).isEqualTo(Instant.ofEpochSecond(0, T0 + 1000));
			assertThat(path.get("kind").asText()).isEqualTo("NEW_KEY");
			assertThat(path.get("metric").asText()).isEqualTo("flow_path");
			assertThat(path.get("key").asText()).isEqualTo("10.0.0.2:5000>10.1.0.3:6000/17");
			assertThat(path.get("value").asDouble()).isEqualTo(4.0);
			assertThat(path.get("previous").isNull()).isTrue();
			assertThat(path.get("path").toString()).isEqualTo("[11,12,13,19]");
			assertThat(path.get("flow").get("srcIp").asText()).isEqualTo("10.0.0.2");
			assertThat(path.get("flow").get("dstIp").asText()).isEqualTo("10.1.0.3");
			assertThat(path.get("flow").get("srcPort").asInt()).isEqualTo(5000);
			assertThat(path.get("flow").get("dstPort").asInt()).isEqualTo(6000);
			assertThat(path.get("flow").get("protocol").asInt()).isEqualTo(17);
			assertThat(path.get("report").get("nodeId").asLong()).isEqualTo(19);
			assertThat(path.get("report").get("sequence").asLong()).isEqualTo(4001);
			assertThat(path.get("report").get("hwId").asInt()).isEqualTo(3);

			JsonNode hop = stored.get(3);
			assertThat(hop.get("kind").asText()).isEqualTo("CHANGED");
			assertThat(hop.get("key").asText()).isEqualTo("10.0.0.2:5000>10.1.0.3:6000/17@12");
			assertThat(hop.get("switchId").asLong()).isEqualTo(12);
			assertThat(hop.get("value").asDouble()).isEqualTo(250.0);
			assertThat(hop.get("previous").asDouble()).isEqualTo(125.0);

			JsonNode queue = stored.get(2);
			assertThat(queue.get("key").asText()).isEqualTo("switch=13/queue=2");
			assertThat(queue.get("switchId").asLong()).isEqualTo(13);
			assertThat(queue.get("queueId").asLong()).isEqualTo(2);
			assertThat(queue.get("flow").isNull()).isTrue();

			JsonNode link = stored.get(0);
			assertThat(link.get("metric").asText()).isEqualTo("link_utilization");
			assertThat(link.get("key").asText()).isEqualTo("switch=19/port=3");
			assertThat(link.get("port").asLong()).isEqualTo(3);
			assertThat(link.get("previous").asDouble()).isEqualTo(1000.0);

			// The live stream carries the same events, oldest first, each with its id.
			for (int i = 0; i < 6; i++) {
				SseClient.Message message = streamed.get(i);
				JsonNode event = JSON.readTree(message.data());
				assertThat(message.id()).isNotBlank().isEqualTo(event.get("id").asText());
				JsonNode same = stored.get(5 - i);
				for (String field : List.of("origin", "source", "detectedAt", "kind", "metric", "key", "value",
						"previous", "switchId", "queueId", "port", "flow", "path", "report")) {
					assertThat(event.get(field)).as(field).isEqualTo(same.get(field));
				}
			}
		}
	}

	@Test
	void filtersAndPagesTheHistoryNewestFirst() {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		Map<Integer, Map<String, String>> entries = CollectorEntriesFixture.everyMetric("node-f", T0 + 60_000_000_000L);
		entries.values().forEach(this::xadd);
		String source = "source=xdp:node-f/eth0";
		await().atMost(Duration.ofSeconds(20)).until(() -> get("/api/v1/events?" + source).get("events").size() == 6);

		assertThat(get("/api/v1/events?" + source + "&kind=new_key").get("events")).hasSize(2);
		assertThat(get("/api/v1/events?" + source + "&metric=hop_latency,flow_latency").get("events")).hasSize(2);
		// Switch 12: its hop latency, and the flow path that crosses it.
		assertThat(get("/api/v1/events?" + source + "&switch=12").get("events")).hasSize(2);
		assertThat(get("/api/v1/events?" + source + "&flow=10.1.0.3:6000").get("events")).hasSize(3);
		Instant t = Instant.ofEpochSecond(0, T0 + 60_000_000_000L);
		assertThat(get("/api/v1/events?" + source + "&from=" + t.plusNanos(2000) + "&to=" + t.plusNanos(5000))
			.get("events")).hasSize(3);

		List<String> paged = pageThrough(source, 4, "origin", (pages) -> {
			if (pages == 1) {
				// Newer events arriving between pages do not shift the next page.
				Map<String, String> newer = CollectorEntriesFixture.hopLatency("node-f", 7, T0 + 70_000_000_000L, 9);
				xadd(newer);
			}
		});
		assertThat(paged).hasSize(6).doesNotHaveDuplicates().last().isEqualTo("xdp/node-f/eth0/1700000000000/1");
	}

	@Test
	void pagesThroughEventsOfOneMicrosecond() {
		// The store keeps nanoseconds (db-migrations V4), and so does the cursor: five
		// events 1 ns apart page out one by one, none skipped, none twice.
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		long t = T0 + 80_000_000_000L;
		for (int seq = 1; seq <= 5; seq++) {
			xadd(CollectorEntriesFixture.hopLatency("node-ns", seq, t + seq, seq));
		}
		String source = "source=xdp:node-ns/eth0";
		await().atMost(Duration.ofSeconds(20)).until(() -> get("/api/v1/events?" + source).get("events").size() == 5);

		List<String> paged = pageThrough(source, 2, "detectedAt", (pages) -> {
		});
		assertThat(paged).containsExactly(Instant.ofEpochSecond(0, t + 5).toString(),
				Instant.ofEpochSecond(0, t + 4).toString(), Instant.ofEpochSecond(0, t + 3).toString(),
				Instant.ofEpochSecond(0, t + 2).toString(), Instant.ofEpochSecond(0, t + 1).toString());
	}

	@Test
	void answersBadRequestNamingTheParameter() throws Exception {
		ApiCaller api = new ApiCaller(this.port);
		Map<String, String> bad = new HashMap<>();
		bad.put("from=yesterday", "from");
		bad.put("to=2026", "to");
		bad.put("kind=exploded", "kind");
		bad.put("switch=core", "switch");
		bad.put("limit=0", "limit");
		bad.put("limit=5000", "limit");
		bad.put("cursor=@@@", "cursor");
		// A cursor of the versions that stored microseconds ("<micros>|<origin>").
		bad.put("cursor=" + Base64.getUrlEncoder()
			.withoutPadding()
			.encodeToString("1795680000123456|xdp/n1/eth0/1/1".getBytes(StandardCharsets.UTF_8)), "cursor");
		bad.forEach((query, field) -> {
			HttpResponse<String> answer = api.get("/api/v1/events?" + query, ApiCaller.VIEWER_TOKEN);
			assertThat(answer.statusCode()).as(query).isEqualTo(400);
			assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
			assertThat(ApiCaller.json(answer).get("field").asText()).as(query).isEqualTo(field);
		});
		assertThat(api.get("/api/v1/events", null).statusCode()).isEqualTo(401);
		// The stream checks the same filters before it starts.
		HttpResponse<String> stream = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/v1/events/stream?switch=s1"))
				.header("Accept", "text/event-stream")
				.header("Authorization", "Bearer " + ApiCaller.VIEWER_TOKEN)
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(stream.statusCode()).isEqualTo(400);
		assertThat(stream.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(ApiCaller.json(stream).get("field").asText()).isEqualTo("switch");
	}

	@Test
	void parksEachKindOfMalformedEntryAndKeepsConsuming() {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		Map<String, Long> before = this.statistics.deadLettered();
		Map<String, String> wrongVersion = CollectorEntriesFixture.hopLatency("node-d", 1, T0, 5);
		wrongVersion.put("v", "3");
		Map<String, String> missing = CollectorEntriesFixture.hopLatency("node-d", 2, T0, 5);
		missing.remove("switch_id");
		Map<String, String> illTyped = CollectorEntriesFixture.hopLatency("node-d", 3, T0, 5);
		illTyped.put("value", "-12");
		Map<String, String> unknownMetric = CollectorEntriesFixture.hopLatency("node-d", 4, T0, 5);
		unknownMetric.put("metric", "jitter");
		Map<String, String> unknownKind = CollectorEntriesFixture.hopLatency("node-d", 5, T0, 5);
		unknownKind.put("kind", "vanished");
		Map<String, String> good = CollectorEntriesFixture.hopLatency("node-d", 6, T0, 5);
		for (Map<String, String> entry : List.of(wrongVersion, missing, illTyped, unknownMetric, unknownKind, good)) {
			xadd(entry);
		}

		await().atMost(Duration.ofSeconds(20))
			.until(() -> get("/api/v1/events?source=xdp:node-d/eth0").get("events").size() == 1);
		List<MapRecord<String, Object, Object>> dead = this.redisTemplate.opsForStream()
			.range("sonde:stream:events:dead", Range.unbounded());
		Map<String, Map<Object, Object>> byReason = new HashMap<>();
		dead.stream()
			.filter((record) -> "node-d".equals(record.getValue().get("node")))
			.forEach((record) -> byReason.put((String) record.getValue().get("dead_reason"), record.getValue()));
		assertThat(byReason).containsOnlyKeys("wrong_version", "missing_field", "ill_typed_field", "unknown_metric",
				"unknown_kind");
		assertThat(byReason.get("missing_field")).containsEntry("dead_field", "switch_id")
			.containsEntry("seq", "2")
			.containsEntry("metric", "hop_latency");
		assertThat(byReason.get("ill_typed_field")).containsEntry("dead_field", "value").containsEntry("value", "-12");
		assertThat(byReason.get("unknown_metric")).containsEntry("metric", "jitter");
		Map<String, Long> after = this.statistics.deadLettered();
		for (String reason : byReason.keySet()) {
			assertThat(after.get(reason) - before.get(reason)).as(reason).isEqualTo(1);
		}
		await().atMost(Duration.ofSeconds(5))
			.until(() -> this.redisTemplate.opsForStream().pending(STREAM, "backend").getTotalPendingMessages() == 0);
	}

	@Test
	void storesTheGoodLinesOfABatchAndParksTheBadOnesAlone() {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		Map<String, String> bad = CollectorEntriesFixture.hopLatency("node-e", 2, T0 + 2000, 7);
		bad.put("value", "-7");
		Map<String, String> batch = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("node-e", 1, T0 + 1000, 6), bad,
					CollectorEntriesFixture.hopLatency("node-e", 3, T0 + 3000, 8)));
		Map<String, String> miscounted = CollectorEntriesFixture
			.batch(List.of(CollectorEntriesFixture.hopLatency("node-e", 4, T0 + 4000, 9)));
		miscounted.put("count", "2");
		xadd(batch);
		xadd(miscounted);

		await().atMost(Duration.ofSeconds(20))
			.until(() -> get("/api/v1/events?source=xdp:node-e/eth0").get("events").size() == 2);
		JsonNode stored = get("/api/v1/events?source=xdp:node-e/eth0").get("events");
		assertThat(List.of(stored.get(0).get("value").asDouble(), stored.get(1).get("value").asDouble()))
			.containsExactlyInAnyOrder(6.0, 8.0);
		List<MapRecord<String, Object, Object>> dead = this.redisTemplate.opsForStream()
			.range("sonde:stream:events:dead", Range.unbounded())
			.stream()
			.filter((record) -> "node-e".equals(record.getValue().get("node")))
			.toList();
		assertThat(dead).hasSize(2);
		Map<Object, Object> line = dead.stream()
			.filter((record) -> "ill_typed_field".equals(record.getValue().get("dead_reason")))
			.findFirst()
			.orElseThrow()
			.getValue();
		assertThat(line).containsEntry("dead_line", "1")
			.containsEntry("dead_field", "value")
			.doesNotContainKey("events");
		assertThat((String) line.get("event")).contains("seq=2").contains("value=-7");
		Map<Object, Object> whole = dead.stream()
			.filter((record) -> "bad_batch".equals(record.getValue().get("dead_reason")))
			.findFirst()
			.orElseThrow()
			.getValue();
		assertThat(whole).containsEntry("dead_field", "count").containsKey("events");
	}

}
