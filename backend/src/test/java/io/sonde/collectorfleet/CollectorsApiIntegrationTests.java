package io.sonde.collectorfleet;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.IntCollectorDetector;
import io.sonde.javacollector.bench.EmulatedReports;
import io.sonde.javacollector.internal.UdpCollector;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Thresholds, collectors and accounting on a running backend with the Java collector on,
 * fed an emulator run in virtual time over UDP: a threshold change through the API
 * reaches the collector and lowers its event rate, and the accounting adds up.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep retrying the class's Redis.
@DirtiesContext
class CollectorsApiIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.ingest.udp.enabled", () -> "true");
		properties.add("sonde.ingest.udp.port", () -> "0");
		properties.add("sonde.ingest.udp.node-id", () -> "it-node");
		properties.add("sonde.ingest.udp.counters-interval", () -> "100ms");
		properties.add("sonde.collectors.defaults-check", () -> "300ms");
		ApiCaller.registerTokens(properties);
	}

	@TempDir
	Path dir;

	@LocalServerPort
	int port;

	@Autowired
	UdpCollector collector;

	@Autowired
	IntCollectorDetector detector;

	@Autowired
	StringRedisTemplate redisTemplate;

	private ApiCaller api;

	@BeforeEach
	void caller() {
		this.api = new ApiCaller(this.port);
	}

	@Test
	void aThresholdChangeReachesTheJavaCollectorLowersItsEventRateAndTheAccountingAddsUp() throws Exception {
		List<byte[]> frames = EmulatedReports.frames(
				EmulatedReports.capture(this.dir.resolve("reports.pcap"), 8, 100_000, 1000, Duration.ofMillis(3), 11)
					.pcap());
		int half = frames.size() / 2;
		assertThat(half).isGreaterThan(100);

		send(frames.subList(0, half));
		long firstHalf = awaitStreamSettled();

		HttpResponse<String> put = this.api.putJson("/api/v1/thresholds",
				"{\"hop_latency\": 1000000000, \"flow_latency\": 1000000000, \"queue_occupancy\": 1000000000,"
						+ " \"link_utilization\": 1000000000}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
		JsonNode body = ApiCaller.json(put);
		assertThat(body.get("thresholds").get("hop_latency").asLong()).isEqualTo(1_000_000_000L);
		assertThat(body.get("thresholds").get("queue_congestion").asLong()).isZero();
		assertThat(body.get("history").get(0).get("by").asText()).isEqualTo(ApiCaller.OPERATOR_TOKEN_NAME);
		assertThat(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "hop_latency"))
			.isEqualTo("1000000000");
		awaitCounter("threshold_hop_latency", "1000000000");

		send(frames.subList(half, frames.size()));
		long secondHalf = awaitStreamSettled() - firstHalf;

		// Same traffic, same number of reports: only new keys and path changes fire now.
		IntCollectorDetector unchanged = new IntCollectorDetector();
		long wouldHaveFired = 0;
		for (int i = 0; i < frames.size(); i++) {
			int n = unchanged.detectFrame(frames.get(i), 0).size();
			if (i >= half) {
				wouldHaveFired += n;
			}
		}
		assertThat(wouldHaveFired).as("events at T = 0 in the second half, %d frames", frames.size())
			.isGreaterThan(100);
		assertThat(secondHalf).isLessThan(wouldHaveFired / 4);

		// The ingest module reads the same entries into the event log: M_event.
		long events = eventsInStream();
		org.awaitility.Awaitility.await()
			.atMost(java.time.Duration.ofSeconds(30))
			.until(() -> ApiCaller.json(this.api.get("/api/v1/accounting", ApiCaller.VIEWER_TOKEN))
				.get("eventsStored")
				.asLong() == events);

		awaitCounter("events", Long.toString(events));
		JsonNode accounting = ApiCaller.json(this.api.get("/api/v1/accounting", ApiCaller.VIEWER_TOKEN));
		assertThat(accounting.get("metricValues").asLong()).isEqualTo(unchanged.metricValues());
		assertThat(accounting.get("metricValuesUncounted")).isEmpty();
		assertThat(accounting.get("eventsStored").asLong()).isEqualTo(events);
		assertThat(accounting.get("eventRatio").asDouble()).isCloseTo((double) events / unchanged.metricValues(),
				org.assertj.core.data.Offset.offset(1e-9));
		Map<String, JsonNode> stages = new java.util.HashMap<>();
		accounting.get("stages").forEach((stage) -> stages.put(stage.get("name").asText(), stage));
		assertThat(stages.get("collector_parse").get("arrived").asLong()).isEqualTo(frames.size());
		assertThat(stages.get("collector_parse").get("details").get("reports").asLong()).isEqualTo(frames.size());
		assertThat(stages.get("ring_buffer").get("arrived").asLong()).isEqualTo(events);
		assertThat(stages.get("redis").get("details").get("published").asLong()).isEqualTo(events);
		assertThat(stages.get("redis").get("lost").get("redis_dropped").asLong()).isZero();
		assertThat(stages.get("switch_export").get("lost").get("sequence_gaps").asLong()).isZero();
		JsonNode ingest = stages.get("backend_ingest");
		assertThat(ingest.get("available").asBoolean()).isTrue();
		assertThat(ingest.get("arrived").asLong()).as("events the backend read").isEqualTo(events);
		assertThat(ingest.get("details").get("stored").asLong()).isEqualTo(events);
		assertThat(ingest.get("lost").get("dead_letter_missing_field").asLong()).isZero();
		assertThat(stages.get("store").get("arrived").asLong()).isGreaterThanOrEqualTo(events);

		JsonNode collectors = ApiCaller.json(this.api.get("/api/v1/collectors", ApiCaller.VIEWER_TOKEN));
		assertThat(collectors).hasSize(1);
		assertThat(collectors.get(0).get("node").asText()).isEqualTo("it-node");
		assertThat(collectors.get(0).get("ifname").asText()).isEqualTo("udp");
		assertThat(collectors.get(0).get("live").asBoolean()).isTrue();
		assertThat(collectors.get(0).get("counters").get("packets").asText())
			.isEqualTo(Integer.toString(frames.size()));
	}

	@Test
	void theDefaultsReachTheJavaCollectorUnsetAndComeBackWhenTheHashLosesOne() throws Exception {
		Map<Object, Object> hash = this.redisTemplate.opsForHash().entries("sonde:collector:thresholds");
		assertThat(hash).as("every metric has a value though nobody set one")
			.containsKeys("flow_path", "flow_latency", "hop_latency", "queue_occupancy", "queue_congestion",
					"link_utilization");
		JsonNode body = ApiCaller.json(this.api.get("/api/v1/thresholds", ApiCaller.VIEWER_TOKEN));
		Map<String, String> defaults = new java.util.TreeMap<>();
		body.get("defaults").forEach((entry) -> {
			defaults.put(entry.get("metric").asText(), entry.get("value").asText());
			assertThat(entry.get("reason").asText()).as(entry.toString()).isNotBlank();
			assertThat(entry.get("unit").asText()).as(entry.toString()).isNotBlank();
		});
		assertThat(defaults).containsEntry("hop_latency", "10")
			.containsEntry("flow_latency", "20")
			.containsEntry("queue_occupancy", "2")
			.containsEntry("queue_congestion", "0")
			.containsEntry("link_utilization", "10")
			.containsEntry("flow_path", "0");
		List<JsonNode> history = new java.util.ArrayList<>();
		body.get("history").forEach(history::add);
		assertThat(history).as("the start wrote the six defaults and said so").anySatisfy((change) -> {
			assertThat(change.get("by").asText()).isEqualTo("sonde defaults");
			assertThat(change.get("thresholds")).hasSize(6);
		});

		// Redis lost the value (a flush, a hand edit): the default is written
		// back and published.
		this.redisTemplate.opsForHash().put("sonde:collector:thresholds", "queue_occupancy", "7");
		this.redisTemplate.convertAndSend("sonde:collector:thresholds", "queue_occupancy=7");
		awaitCounter("threshold_queue_occupancy", "7");
		this.redisTemplate.opsForHash().delete("sonde:collector:thresholds", "queue_occupancy");
		await(() -> "2".equals(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "queue_occupancy")),
				"the default written back into the hash");
		awaitCounter("threshold_queue_occupancy", "2");
		assertThat(this.detector.threshold(CollectorMetric.QUEUE_OCCUPANCY)).isEqualTo(2);
		assertThat(ApiCaller.json(this.api.get("/api/v1/thresholds", ApiCaller.VIEWER_TOKEN))
			.at("/thresholds/queue_occupancy")
			.asText()).isEqualTo("2");
	}

	@Test
	void unsignedThresholdEdgesReachTheJavaCollectorWhole() throws Exception {
		String twoTo63 = "9223372036854775808";
		String max = "18446744073709551615";

		HttpResponse<String> put = this.api.putJson("/api/v1/thresholds", "{\"hop_latency\": " + twoTo63 + "}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
		assertThat(put.body()).contains("\"hop_latency\":" + twoTo63).doesNotContain("-9223372036854775808");
		assertThat(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "hop_latency")).isEqualTo(twoTo63);
		awaitCounter("threshold_hop_latency", twoTo63);
		assertThat(Long.toUnsignedString(this.detector.threshold(CollectorMetric.HOP_LATENCY))).isEqualTo(twoTo63);

		put = this.api.putJson("/api/v1/thresholds",
				"{\"hop_latency\": " + max + ", \"flow_latency\": \"" + max + "\"}", ApiCaller.OPERATOR_TOKEN);
		assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
		JsonNode echoed = ApiCaller.json(put);
		assertThat(echoed.at("/thresholds/hop_latency").bigIntegerValue()).isEqualTo(new java.math.BigInteger(max));
		assertThat(echoed.at("/thresholds/flow_latency").bigIntegerValue()).isEqualTo(new java.math.BigInteger(max));
		assertThat(echoed.at("/history/0/thresholds/hop_latency").asText()).isEqualTo(max);
		assertThat(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "hop_latency")).isEqualTo(max);
		awaitCounter("threshold_hop_latency", max);
		awaitCounter("threshold_flow_latency", max);
		assertThat(this.detector.threshold(CollectorMetric.HOP_LATENCY)).as("2^64-1 as an unsigned long")
			.isEqualTo(-1L);
		assertThat(ApiCaller.json(this.api.get("/api/v1/thresholds", ApiCaller.VIEWER_TOKEN))
			.at("/thresholds/hop_latency")
			.asText()).isEqualTo(max);

		for (String refused : List.of("18446744073709551616", "-1", "1.5", "\"ten\"", "true")) {
			HttpResponse<String> bad = this.api.putJson("/api/v1/thresholds",
					"{\"hop_latency\": " + refused + ", \"queue_occupancy\": 3}", ApiCaller.OPERATOR_TOKEN);
			assertThat(bad.statusCode()).as(refused + ": " + bad.body()).isEqualTo(400);
			assertThat(ApiCaller.json(bad).get("field").asText()).isEqualTo("hop_latency");
		}
		assertThat(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "hop_latency")).isEqualTo(max);
		assertThat(this.redisTemplate.opsForHash().get("sonde:collector:thresholds", "queue_occupancy"))
			.as("a change is whole or refused")
			.isNotEqualTo("3");
		assertThat(this.detector.threshold(CollectorMetric.HOP_LATENCY)).isEqualTo(-1L);
	}

	@Test
	void anUnreadableThresholdsBodyNamesTheFieldAndThePosition() {
		HttpResponse<String> malformed = this.api.putJson("/api/v1/thresholds", "{\n \"hop_latency\": 40,\n}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(malformed.statusCode()).isEqualTo(400);
		assertThat(malformed.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		JsonNode problem = ApiCaller.json(malformed);
		assertThat(problem.get("field").asText()).isEqualTo("hop_latency");
		assertThat(problem.get("line").asInt()).isEqualTo(3);
		assertThat(problem.get("column").asInt()).isEqualTo(1);
		assertThat(problem.get("detail").asText()).contains("malformed JSON").contains("line 3, column 1");

		HttpResponse<String> notAnObject = this.api.putJson("/api/v1/thresholds", "[40]", ApiCaller.OPERATOR_TOKEN);
		assertThat(notAnObject.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(notAnObject).get("field").asText()).isEqualTo("$");
		assertThat(ApiCaller.json(notAnObject).get("detail").asText()).startsWith("$: expected an object");
	}

	@Test
	void refusesAnUnknownMetricOrABadValueNamingItAndViewersMayNotChangeThresholds() {
		HttpResponse<String> unknown = this.api.putJson("/api/v1/thresholds", "{\"jitter\": 5}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(ApiCaller.json(unknown).get("field").asText()).isEqualTo("jitter");

		HttpResponse<String> negative = this.api.putJson("/api/v1/thresholds", "{\"hop_latency\": -1}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(negative.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(negative).get("field").asText()).isEqualTo("hop_latency");

		HttpResponse<String> fraction = this.api.putJson("/api/v1/thresholds", "{\"queue_occupancy\": 1.5}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(fraction.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(fraction).get("field").asText()).isEqualTo("queue_occupancy");

		HttpResponse<String> empty = this.api.putJson("/api/v1/thresholds", "{}", ApiCaller.OPERATOR_TOKEN);
		assertThat(empty.statusCode()).isEqualTo(400);
		assertThat(ApiCaller.json(empty).get("field").asText()).isEqualTo("body");

		HttpResponse<String> viewer = this.api.putJson("/api/v1/thresholds", "{\"hop_latency\": 5}",
				ApiCaller.VIEWER_TOKEN);
		assertThat(viewer.statusCode()).isEqualTo(403);
		assertThat(this.redisTemplate.opsForList().range("sonde:collector:thresholds:history", 0, -1))
			.noneMatch((entry) -> entry.contains("\"hop_latency\":5"));
	}

	private void send(List<byte[]> frames) throws Exception {
		try (DatagramSocket socket = new DatagramSocket()) {
			for (byte[] frame : frames) {
				DissectedFrame packet = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
				byte[] payload = Arrays.copyOfRange(frame, packet.payloadOffset(),
						packet.payloadOffset() + packet.payloadLength());
				long before = this.collector.packets();
				socket.send(new DatagramPacket(payload, payload.length, InetAddress.getLoopbackAddress(),
						this.collector.localPort()));
				await(() -> this.collector.packets() > before, "the collector to take a datagram");
			}
		}
	}

	/** The stream's length once the collector has published everything it detected. */
	private long awaitStreamSettled() throws InterruptedException {
		await(() -> {
			Map<Object, Object> counters = counters();
			return counters.get("buffered") != null && "0".equals(counters.get("buffered"))
					&& counters.get("events").equals(counters.get("published"));
		}, "the collector to publish every event");
		return eventsInStream();
	}

	/**
	 * Events in the stream: the collector writes version-2 entries, {@code count} events
	 * each.
	 */
	private long eventsInStream() {
		List<MapRecord<String, Object, Object>> entries = this.redisTemplate.opsForStream()
			.range("sonde:stream:events", Range.unbounded());
		return entries.stream().mapToLong((entry) -> Long.parseLong((String) entry.getValue().get("count"))).sum();
	}

	private void awaitCounter(String name, String value) throws InterruptedException {
		await(() -> value.equals(counters().get(name)), name + " = " + value);
	}

	private Map<Object, Object> counters() {
		return this.redisTemplate.opsForHash().entries("sonde:collector:it-node:udp:counters");
	}

	private static void await(java.util.function.BooleanSupplier condition, String what) {
		Awaitility.await("waiting for " + what)
			.atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(5))
			.until(condition::getAsBoolean);
	}

}
