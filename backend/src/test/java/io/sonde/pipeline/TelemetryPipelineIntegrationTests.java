package io.sonde.pipeline;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.SondeApplication;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.pipeline.GroundTruthSnapshot;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.DurationDistribution;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.OnOffBursts;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static io.sonde.topology.ApiCaller.OPERATOR_TOKEN;
import static io.sonde.topology.ApiCaller.VIEWER_TOKEN;
import static io.sonde.topology.ApiCaller.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The telemetry pipeline end to end (issue 7): an emulated FatTree(4) in real time,
 * managed and INT-configured by the backend through its API, reports every packet to the
 * Java collector (this test's choice: the XDP collector's own path into the same Redis
 * stream is held event for event to the Java detector by the e2e parity test); the
 * backend ingests the events from Redis. A queue build-up injected in the emulator
 * (bursts into a 10 Mbit/s fabric) appears as queue occupancy events in the REST query,
 * in the SSE stream and as points in the time-series store, each value equal to the
 * emulator's ground truth for the report it came from.
 */
@SpringBootTest(classes = SondeApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// The context closes with the class: cached, it would keep retrying the class's Redis
// and dialling its switches.
@DirtiesContext
class TelemetryPipelineIntegrationTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Duration SETTLE = Duration.ofSeconds(40);

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final int COLLECTOR_PORT = freeUdpPort();

	/** 10 Mbit/s everywhere: a 1000-byte frame takes ~820 µs, so bursts queue. */
	private static final Topology fatTree = FatTree.build(4, LinkParameters.ethernet(10_000_000L, 1_000, 200));

	private static final EmulatedNetwork network = EmulatedNetwork.start(fatTree,
			EmulationOptions.DEFAULTS.withClock(ClockMode.REAL)
				.withP4RuntimeBasePort(0)
				.withGroundTruthCapacity(400_000)
				.withCollector(new InetSocketAddress(InetAddress.getLoopbackAddress(), COLLECTOR_PORT)));

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.ingest.udp.enabled", () -> "true");
		properties.add("sonde.ingest.udp.port", () -> COLLECTOR_PORT);
		properties.add("sonde.ingest.udp.node-id", () -> "e2e");
		ApiCaller.registerTokens(properties);
	}

	@AfterAll
	static void stopEverything() {
		network.close();
	}

	@LocalServerPort
	int port;

	@Test
	void aQueueBuildUpArrivesAsEventsInTheQueryTheStreamAndTheStoreWithTheGroundTruthsValues() throws Exception {
		ApiCaller api = new ApiCaller(this.port);
		Path export = Files.createTempFile("fattree", ".json");
		network.export(export);
		assertThat(api.postJson("/api/v1/topology", Files.readString(export), OPERATOR_TOKEN).statusCode())
			.isEqualTo(200);
		assertThat(api.postJson("/api/v1/switches/from-topology", "", OPERATOR_TOKEN).statusCode()).isEqualTo(200);
		HttpResponse<String> intConfig = api.putJson("/api/v1/int/config", everyPacketFromTheEdge(), OPERATOR_TOKEN);
		assertThat(intConfig.statusCode()).as(intConfig.body()).isEqualTo(200);
		HttpResponse<String> thresholds = api.putJson("/api/v1/thresholds", "{\"queue_occupancy\": 0}", OPERATOR_TOKEN);
		assertThat(thresholds.statusCode()).as(thresholds.body()).isEqualTo(200);
		await().atMost(SETTLE).untilAsserted(() -> {
			for (SwitchSpec node : fatTree.switches()) {
				JsonNode diff = json(api.get("/api/v1/switches/" + node.name() + "/diff", VIEWER_TOKEN));
				assertThat(diff.get("changes")).as(node.name()).isEmpty();
			}
		});

		BlockingQueue<JsonNode> streamed = new LinkedBlockingQueue<>();
		Thread reader = streamQueueEvents(streamed);
		Instant injected = Instant.now();
		// Two hosts of edge-0-0 burst at their line rate toward one host of pod 1:
		// both bursts leave edge-0-0 by the same uplink (one route per destination),
		// which gets twice what it can send, so its queue grows through each burst
		// and drains between.
		OnOffBursts bursts = new OnOffBursts(new DurationDistribution.Fixed(25_000_000),
				new DurationDistribution.Fixed(75_000_000), 1_200);
		List<FlowSpec> fanIn = List.of(FlowSpec.udp("h-0-0-0", "h-1-0-0", 7000, 7001, 1000, bursts),
				FlowSpec.udp("h-0-0-1", "h-1-0-0", 7002, 7001, 1000, bursts));
		network.startTraffic(fanIn, Duration.ofSeconds(3));
		network.runFor(Duration.ofSeconds(3));

		List<JsonNode> queried = new ArrayList<>();
		await().atMost(SETTLE).untilAsserted(() -> {
			queried.clear();
			JsonNode page = json(api
				.get("/api/v1/events?metric=queue_occupancy&kind=changed&limit=1000&from=" + injected, VIEWER_TOKEN));
			page.get("events").forEach(queried::add);
			assertThat(queried).as("queue occupancy changes stored").hasSizeGreaterThan(10);
			assertThat(queried).anySatisfy((event) -> assertThat(event.get("value").asDouble()).isGreaterThan(3));
		});
		GroundTruthSnapshot truth = network.onScheduler(() -> network.groundTruth().snapshot());
		for (JsonNode event : queried) {
			assertThat(event.get("value").asLong()).as("queried " + event)
				.isEqualTo(truthOf(truth, event).queueOccupancy());
		}

		JsonNode live = streamed.poll(30, java.util.concurrent.TimeUnit.SECONDS);
		reader.interrupt();
		assertThat(live).as("a queue event on the SSE stream").isNotNull();
		assertThat(live.get("metric").asText()).isEqualTo("queue_occupancy");
		assertThat(live.get("value").asLong()).as("streamed " + live).isEqualTo(truthOf(truth, live).queueOccupancy());

		JsonNode highest = queried.stream()
			.max(java.util.Comparator.comparingDouble((e) -> e.get("value").asDouble()))
			.orElseThrow();
		String key = highest.get("key").asText();
		await().atMost(SETTLE).untilAsserted(() -> {
			HttpResponse<String> history = api.get("/api/v1/metrics?metric=queue_occupancy&key="
					+ java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8) + "&from=" + injected
					+ "&to=" + Instant.now().plusSeconds(1) + "&resolution=1s", VIEWER_TOKEN);
			assertThat(history.statusCode()).as(history.body()).isEqualTo(200);
			List<Long> stored = new ArrayList<>();
			JsonNode points = json(history);
			(points.isArray() ? points : points.path("points")).forEach((point) -> stored.add(Math.round(
					point.path("max").isMissingNode() ? point.path("value").asDouble() : point.get("max").asDouble())));
			assertThat(stored).as("the time-series store holds the highest value seen, " + highest.get("value"))
				.contains(highest.get("value").asLong());
		});
	}

	/**
	 * The hop of the event's switch in the packet its report carried, as the emulator
	 * recorded it.
	 */
	private static HopTruth truthOf(GroundTruthSnapshot truth, JsonNode event) {
		JsonNode report = event.get("report");
		long packetId = truth
			.report(report.get("nodeId").asLong(), report.get("hwId").asInt(), report.get("sequence").asLong())
			.orElseThrow(() -> new AssertionError("no report " + report + " in the ground truth"))
			.packetId();
		long switchId = event.get("switchId").asLong();
		return truth.hopsOf(packetId)
			.stream()
			.filter((hop) -> hop.switchId() == switchId)
			.findFirst()
			.orElseThrow(() -> new AssertionError("switch " + switchId + " is not on the path of " + event));
	}

	private Thread streamQueueEvents(BlockingQueue<JsonNode> into) {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/v1/events/stream?metric=queue_occupancy"))
			.header("Authorization", "Bearer " + VIEWER_TOKEN)
			.header("Accept", "text/event-stream")
			.build();
		Thread reader = new Thread(() -> {
			try {
				HttpResponse<Stream<String>> response = HttpClient.newHttpClient()
					.send(request, HttpResponse.BodyHandlers.ofLines());
				response.body().filter((line) -> line.startsWith("data:")).forEach((line) -> {
					try {
						JsonNode data = JSON.readTree(line.substring(5).trim());
						if (data.has("metric") && data.get("kind").asText().equalsIgnoreCase("changed")) {
							into.add(data);
						}
					}
					catch (java.io.IOException ex) {
						// a keep-alive or a notice: not an event
					}
				});
			}
			catch (java.io.IOException | InterruptedException ex) {
				// the test ended the stream
			}
		}, "sse-reader");
		reader.setDaemon(true);
		reader.start();
		return reader;
	}

	private static String everyPacketFromTheEdge() {
		List<String> switches = new ArrayList<>();
		for (SwitchSpec node : fatTree.switches()) {
			switches.add(node.name().startsWith("edge")
					? "{\"name\":\"" + node.name() + "\",\"roles\":[\"source\",\"transit\",\"sink\"],"
							+ "\"watchlist\":[{\"instructions\":[\"all\"]}]}"
					: "{\"name\":\"" + node.name() + "\",\"roles\":[\"transit\"]}");
		}
		return "{\"report\":{\"collectorIp\":\"127.0.0.1\",\"collectorPort\":" + COLLECTOR_PORT + "},\"switches\":["
				+ String.join(",", switches) + "]}";
	}

	private static int freeUdpPort() {
		try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
			return probe.getLocalPort();
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
