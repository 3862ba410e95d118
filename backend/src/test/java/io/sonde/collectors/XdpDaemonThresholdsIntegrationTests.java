package io.sonde.collectors;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.testsupport.RedisServerProcess;
import io.sonde.topology.ApiCaller;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A threshold change through the API reaches the real XDP daemon
 * ({@code xdp-collector/build/collector}, attached in generic mode to a veth pair this
 * test creates): the daemon applies it (its counters hash says the new T(m)), and the
 * collectors API lists the daemon, live. Skipped, with the reason, when not root or the
 * daemon is not built ({@code make -C xdp-collector}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class XdpDaemonThresholdsIntegrationTests {

	private static final Path BUILD = Path.of(System.getProperty("sonde.xdpCollectorBuild", "../xdp-collector/build"));

	private static final RedisServerProcess redis = RedisServerProcess.start();

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		properties.add("spring.data.redis.port", redis::port);
		ApiCaller.registerTokens(properties);
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@LocalServerPort
	int port;

	@Test
	void aThresholdChangeThroughTheApiReachesTheRunningDaemon() throws Exception {
		assumeTrue("root".equals(System.getProperty("user.name")),
				"XdpDaemonThresholdsIntegrationTests skipped: needs root (veth, XDP attach)");
		assumeTrue(Files.isExecutable(BUILD.resolve("collector")), "XdpDaemonThresholdsIntegrationTests skipped: "
				+ BUILD.toAbsolutePath().normalize() + "/collector missing (make -C xdp-collector)");
		ApiCaller api = new ApiCaller(this.port);
		String link = "sdth" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000, 0xFFFFF));
		run("ip", "link", "add", link + "a", "type", "veth", "peer", "name", link + "b");
		try {
			run("ip", "link", "set", link + "a", "up");
			run("ip", "link", "set", link + "b", "up");
			Process daemon = new ProcessBuilder(BUILD.resolve("collector").toString(), "-i", link + "a", "-m",
					"generic", "-r", "127.0.0.1:" + redis.port(), "-n", "xdp-it", "-P", "0", "--counters-interval", "1",
					"-t", "hop_latency=5")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			try {
				awaitDaemon(api, link + "a", "threshold_hop_latency", "5");

				HttpResponse<String> put = api.putJson("/api/v1/thresholds",
						"{\"hop_latency\": 4242, \"queue_occupancy\": 17}", ApiCaller.OPERATOR_TOKEN);
				assertThat(put.statusCode()).as(put.body()).isEqualTo(200);

				JsonNode daemonCounters = awaitDaemon(api, link + "a", "threshold_hop_latency", "4242");
				assertThat(daemonCounters.get("threshold_queue_occupancy").asText()).isEqualTo("17");
				assertThat(daemonCounters.get("thresholds_applied").asLong()).isGreaterThanOrEqualTo(1);
				assertThat(daemonCounters.get("thresholds_rejected").asText()).isEqualTo("0");
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

	/** Polls the collectors API until the daemon's counters say {@code name = value}. */
	private static JsonNode awaitDaemon(ApiCaller api, String ifname, String name, String value)
			throws InterruptedException {
		Instant deadline = Instant.now().plusSeconds(30);
		JsonNode last = null;
		while (Instant.now().isBefore(deadline)) {
			JsonNode collectors = ApiCaller.json(api.get("/api/v1/collectors", ApiCaller.VIEWER_TOKEN));
			for (JsonNode collector : collectors) {
				if ("xdp-it".equals(collector.get("node").asText())
						&& ifname.equals(collector.get("ifname").asText())) {
					last = collector;
					if (value.equals(collector.get("counters").path(name).asText())) {
						assertThat(collector.get("live").asBoolean()).isTrue();
						return collector.get("counters");
					}
				}
			}
			Thread.sleep(100);
		}
		throw new AssertionError("the daemon's counters never said " + name + " = " + value + ": " + last);
	}

	private static void run(String... command) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		assertThat(process.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
	}

}
