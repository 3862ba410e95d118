package io.sonde.javacollector.internal;

import java.io.IOException;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.sonde.javacollector.JavaCollectorMain;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java collector as a process of its own ({@link JavaCollectorMain}, what
 * {@code ./sonde-collector} runs), in a JVM this test starts: it takes reports on its UDP
 * port and publishes them to Redis without any of the backend, and its published log
 * keeps every acknowledged entry whole through a SIGKILL of the process.
 */
class JavaCollectorMainIntegrationTests {

	private static final String NODE = "alone";

	@TempDir
	Path dir;

	@Test
	void runsAloneAndItsPublishedLogSurvivesASigkill() throws Exception {
		Path log = this.dir.resolve("published.log");
		Path output = this.dir.resolve("collector.out");
		int port = freeUdpPort();
		try (RedisServerProcess server = RedisServerProcess.start()) {
			LettuceConnectionFactory connections = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", server.port()));
			connections.afterPropertiesSet();
			connections.start();
			StringRedisTemplate redis = new StringRedisTemplate(connections);
			String counters = "sonde:collector:" + NODE + ":udp:counters";
			Process collector = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
					"-cp", System.getProperty("java.class.path"), JavaCollectorMain.class.getName(),
					"--spring.data.redis.port=" + server.port(), "--sonde.ingest.udp.port=" + port,
					"--sonde.ingest.udp.node-id=" + NODE, "--sonde.ingest.udp.published-log=" + log,
					"--sonde.ingest.udp.counters-interval=100ms")
				.redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			try {
				await(() -> Boolean.TRUE.equals(redis.hasKey(counters)), "the collector's counters hash", output);
				try (SteadyReports reports = new SteadyReports(port)) {
					await(() -> published(redis, counters) >= 100, "100 events published", output);
				}
				collector.destroyForcibly();
				assertThat(collector.waitFor(30, TimeUnit.SECONDS)).isTrue();

				List<String> lines = Files.readAllLines(log);
				assertThat(lines).isNotEmpty()
					.allMatch((line) -> line
						.matches("published \\d+-\\d+ java/" + NODE + "/udp/\\d+ \\d+ [0-9,-]+ \\d{13}"));
				assertThat(Files.readString(log)).endsWith("\n");
				Set<String> stream = new HashSet<>();
				for (Map<String, String> event : UdpCollectorHarness.eventsIn(redis, "sonde:stream:events")) {
					stream.add("java/" + event.get("node") + "/udp/" + event.get("run") + "/" + event.get("seq"));
				}
				assertThat(stream).containsAll(logged(lines));
				String out = Files.readString(output);
				assertThat(out).contains("Started JavaCollectorMain")
					.doesNotContain("Tomcat")
					.doesNotContain("QuestDB");
			}
			finally {
				collector.destroyForcibly();
				connections.destroy();
			}
		}
	}

	private static long published(StringRedisTemplate redis, String counters) {
		Object published = redis.opsForHash().get(counters, "published");
		return (published != null) ? Long.parseLong((String) published) : 0;
	}

	private static Set<String> logged(List<String> lines) {
		Set<String> origins = new HashSet<>();
		for (String line : lines) {
			String[] columns = line.split(" ");
			for (String run : columns[4].split(",")) {
				String[] ends = run.split("-");
				for (long seq = Long.parseLong(ends[0]); seq <= Long.parseLong(ends[ends.length - 1]); seq++) {
					origins.add(columns[2] + "/" + seq);
				}
			}
		}
		return origins;
	}

	/**
	 * A JVM starting on a shared 2-core host: a generous deadline, and its output if
	 * missed.
	 */
	private static void await(BooleanSupplier condition, String what, Path output) throws Exception {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
		while (!condition.getAsBoolean()) {
			if (Instant.now().isAfter(deadline)) {
				throw new AssertionError("timed out waiting for " + what + "; the collector wrote:\n"
						+ (Files.exists(output) ? Files.readString(output) : "nothing"));
			}
			Thread.sleep(50);
		}
	}

	private static int freeUdpPort() throws IOException {
		try (DatagramSocket socket = new DatagramSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
