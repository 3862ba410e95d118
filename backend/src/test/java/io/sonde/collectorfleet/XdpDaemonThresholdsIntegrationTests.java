package io.sonde.collectorfleet;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.javacollector.IntCollectorDetector;
import io.sonde.javacollector.bench.EmulatedReports;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.testsupport.RootRequired;
import io.sonde.testsupport.SharedApiContext;
import io.sonde.topology.ApiCaller;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A threshold change through the API reaches the real XDP daemon
 * ({@code xdp-collector/build/collector}, attached in generic mode to a veth pair this
 * test creates): the defaults the backend wrote reach the daemon though nobody set a
 * threshold, unsigned values up to 2^64-1 arrive whole (2^64 is refused at the API), the
 * daemon applies a change (its counters hash says the new T(m)), the collectors API lists
 * the daemon, live, and on an emulator run's reports written onto the link the daemon
 * fires the detector's events at T = 0, then far fewer once the API has raised the
 * thresholds. Fails, saying why, when not root or when the daemon is not built
 * ({@code make -C xdp-collector}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class XdpDaemonThresholdsIntegrationTests extends SharedApiContext {

	private static final Path BUILD = Path.of(System.getProperty("sonde.xdpCollectorBuild", "../xdp-collector/build"));

	@Autowired
	RedisServerProcess redis;

	@TempDir
	Path dir;

	private int sent;

	@Test
	void aThresholdChangeThroughTheApiReachesTheRunningDaemon() throws Exception {
		RootRequired.check("XdpDaemonThresholdsIntegrationTests", "veth, XDP attach");
		assertThat(Files.isExecutable(BUILD.resolve("collector")) && Files.isExecutable(BUILD.resolve("send_frames")))
			.as("XdpDaemonThresholdsIntegrationTests needs " + BUILD.toAbsolutePath().normalize()
					+ "/collector and send_frames: build them with make -C xdp-collector (make test does)")
			.isTrue();
		ApiCaller api = new ApiCaller(this.port);
		String link = "sdth" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0xFFFFF));
		run("ip", "link", "add", link + "a", "type", "veth", "peer", "name", link + "b");
		try {
			run("ip", "link", "set", link + "a", "up");
			run("ip", "link", "set", link + "b", "up");
			Process daemon = new ProcessBuilder(BUILD.resolve("collector").toString(), "-i", link + "a", "-m",
					"generic", "-r", "127.0.0.1:" + this.redis.port(), "-n", "xdp-it", "-P", "0", "--counters-interval",
					"1", "-t", "hop_latency=5")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			try {
				// Nobody set a threshold: the defaults the backend wrote into the hash
				// reach the daemon when it connects, over its -t.
				JsonNode atStart = awaitDaemon(api, link + "a", "threshold_hop_latency", "10");
				assertThat(atStart.get("threshold_queue_occupancy").asText()).isEqualTo("2");
				assertThat(atStart.get("threshold_flow_latency").asText()).isEqualTo("20");

				// Unsigned 64-bit end to end: 2^63 and 2^64-1 arrive whole, 2^64 is
				// refused before anything reaches the daemon.
				for (String edge : List.of("9223372036854775808", "18446744073709551615")) {
					HttpResponse<String> put = api.putJson("/api/v1/thresholds", "{\"hop_latency\": " + edge + "}",
							ApiCaller.OPERATOR_TOKEN);
					assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
					awaitDaemon(api, link + "a", "threshold_hop_latency", edge);
				}
				HttpResponse<String> tooLarge = api.putJson("/api/v1/thresholds",
						"{\"hop_latency\": 18446744073709551616}", ApiCaller.OPERATOR_TOKEN);
				assertThat(tooLarge.statusCode()).isEqualTo(400);
				assertThat(ApiCaller.json(tooLarge).get("field").asText()).isEqualTo("hop_latency");
				JsonNode afterRefusal = awaitDaemon(api, link + "a", "threshold_hop_latency", "18446744073709551615");
				assertThat(afterRefusal.get("thresholds_rejected").asText()).isEqualTo("0");

				HttpResponse<String> put = api.putJson("/api/v1/thresholds",
						"{\"hop_latency\": 4242, \"queue_occupancy\": 17}", ApiCaller.OPERATOR_TOKEN);
				assertThat(put.statusCode()).as(put.body()).isEqualTo(200);

				JsonNode daemonCounters = awaitDaemon(api, link + "a", "threshold_hop_latency", "4242");
				assertThat(daemonCounters.get("threshold_queue_occupancy").asText()).isEqualTo("17");
				assertThat(daemonCounters.get("thresholds_applied").asLong()).isGreaterThanOrEqualTo(1);
				assertThat(daemonCounters.get("thresholds_rejected").asText()).isEqualTo("0");

				// Back to 0 everywhere, then the event rate with and without thresholds.
				putThresholds(api, 0);
				awaitDaemon(api, link + "a", "threshold_hop_latency", "0");
				List<byte[]> frames = EmulatedReports.frames(EmulatedReports
					.capture(this.dir.resolve("reports.pcap"), 8, 100_000, 1000, Duration.ofMillis(3), 11)
					.pcap());
				int half = frames.size() / 2;
				IntCollectorDetector reference = new IntCollectorDetector();
				long firstHalfExpected = 0;
				long secondHalfAtZero = 0;
				for (int i = 0; i < frames.size(); i++) {
					int n = reference.detectFrame(frames.get(i), 0).size();
					if (i < half) {
						firstHalfExpected += n;
					}
					else {
						secondHalfAtZero += n;
					}
				}
				send(link + "b", frames.subList(0, half));
				JsonNode first = awaitDaemon(api, link + "a", "reports", Integer.toString(half));
				long firstHalf = first.get("events").asLong();
				assertThat(firstHalf).isEqualTo(firstHalfExpected);

				putThresholds(api, 1_000_000_000L);
				awaitDaemon(api, link + "a", "threshold_link_utilization", "1000000000");
				send(link + "b", frames.subList(half, frames.size()));
				JsonNode all = awaitDaemon(api, link + "a", "reports", Integer.toString(frames.size()));
				long secondHalf = all.get("events").asLong() - firstHalf;
				assertThat(secondHalfAtZero).isGreaterThan(100);
				assertThat(secondHalf).isLessThan(secondHalfAtZero / 4);
			}
			finally {
				daemon.destroy();
				if (!daemon.waitFor(20, TimeUnit.SECONDS)) {
					daemon.destroyForcibly();
				}
			}
		}
		finally {
			run("ip", "link", "del", link + "a");
		}
	}

	private static void putThresholds(ApiCaller api, long value) {
		HttpResponse<String> put = api.putJson(
				"/api/v1/thresholds", "{\"hop_latency\": " + value + ", \"flow_latency\": " + value
						+ ", \"queue_occupancy\": " + value + ", \"link_utilization\": " + value + "}",
				ApiCaller.OPERATOR_TOKEN);
		assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
	}

	/** Writes frames onto the link with the collector's send_frames (AF_PACKET). */
	private void send(String link, List<byte[]> frames) throws IOException, InterruptedException {
		for (int from = 0; from < frames.size(); from += 64) {
			List<String> command = new ArrayList<>(List.of(BUILD.resolve("send_frames").toString(), link, "1"));
			for (int i = from; i < Math.min(from + 64, frames.size()); i++) {
				Path hex = this.dir.resolve(String.format("f%06d.hex", i + this.sent));
				Files.writeString(hex, HexFormat.of().formatHex(frames.get(i)));
				command.add(hex.toString());
			}
			run(command.toArray(String[]::new));
		}
		this.sent += frames.size();
	}

	/** Polls the collectors API until the daemon's counters say {@code name = value}. */
	private static JsonNode awaitDaemon(ApiCaller api, String ifname, String name, String value) {
		AtomicReference<JsonNode> said = new AtomicReference<>();
		Awaitility.await()
			.atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.untilAsserted(() -> {
				JsonNode collector = daemon(api, ifname);
				assertThat(collector).as("the daemon in /api/v1/collectors").isNotNull();
				assertThat(collector.get("counters").path(name).asText())
					.as("the daemon's counters never said " + name + " = " + value + ": " + collector)
					.isEqualTo(value);
				said.set(collector);
			});
		assertThat(said.get().get("live").asBoolean()).isTrue();
		return said.get().get("counters");
	}

	/** The daemon's entry in the collectors API, or null while it has none. */
	private static JsonNode daemon(ApiCaller api, String ifname) {
		JsonNode collectors = ApiCaller.json(api.get("/api/v1/collectors", ApiCaller.VIEWER_TOKEN));
		for (JsonNode collector : collectors) {
			if ("xdp-it".equals(collector.get("node").asText()) && ifname.equals(collector.get("ifname").asText())) {
				return collector;
			}
		}
		return null;
	}

	private static void run(String... command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		assertThat(process.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
	}

}
