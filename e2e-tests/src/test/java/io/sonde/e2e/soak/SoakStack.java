package io.sonde.e2e.soak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.sonde.testsupport.RedisServerProcess;

/**
 * The system under soak, as an operator runs it, each part a process of its own: Redis
 * with its AOF ({@code appendfsync everysec}), the emulated FatTree(4) in real time, the
 * Java collector ({@code ./sonde-collector}) and the backend's runnable jar, configured
 * through the REST API as {@code make demo} does.
 */
final class SoakStack implements AutoCloseable {

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Duration START_WITHIN = Duration.ofMinutes(3);

	private final Path root;

	private final Path work;

	private final int udpPort = freePort();

	private final int httpPort = freePort();

	private final int pgPort = freePort();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private RedisServerProcess redis;

	private ChildProcess emulator;

	private ChildProcess collector;

	private ChildProcess backend;

	private String token;

	private SoakStack(Path root, Path work) {
		this.root = root;
		this.work = work;
	}

	static SoakStack start(Path root, Path work) throws IOException, InterruptedException {
		SoakStack stack = new SoakStack(root, work);
		try {
			stack.startAll();
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			stack.close();
			throw ex;
		}
		return stack;
	}

	private void startAll() throws IOException, InterruptedException {
		this.redis = RedisServerProcess.startAppendOnly(this.work.resolve("redis"), "everysec");
		Path topology = this.work.resolve("topology.json");
		this.emulator = child("emulator",
				List.of("./sonde-emulator", "run", "--topology", "fattree:4", "--clock", "real", "--no-provision",
						"--flows", "16", "--rate", "200", "--collector", "127.0.0.1:" + this.udpPort,
						"--p4runtime-base-port", "0", "--control-port", "0", "--export", topology.toString()));
		this.emulator.start();
		awaitTopology(topology);
		this.collector = child("collector",
				List.of("./sonde-collector", "--spring.data.redis.port=" + this.redis.port(),
						"--sonde.ingest.udp.port=" + this.udpPort, "--sonde.ingest.udp.node-id=soak",
						"--sonde.ingest.udp.published-log=" + publishedLogFile()));
		this.collector.start();
		List<String> backendCommand = new ArrayList<>(List.of("java"));
		backendCommand.addAll(backendJava());
		backendCommand.addAll(List.of("--server.port=" + this.httpPort, "--spring.data.redis.port=" + this.redis.port(),
				"--sonde.timeseries.questdb.data-dir=" + this.work.resolve("questdb"),
				"--sonde.timeseries.questdb.http-port=" + freePort(),
				"--sonde.timeseries.questdb.pg-port=" + this.pgPort,
				"--sonde.security.demo-credentials-file=" + credentialsFile(),
				"--sonde.topology.import-file=" + topology,
				// One name across restarts: a restarted backend reads its own pending
				// entries at once instead of waiting to claim them from a dead name.
				"--sonde.ingest.consumer=soak-backend", "--sonde.ingest.udp.enabled=false"));
		this.backend = child("backend", backendCommand);
		startBackend();
	}

	/**
	 * Registers the topology's switches, applies the demo's INT configuration, T(m) = 0.
	 */
	void configure() throws IOException, InterruptedException {
		call("POST", "/api/v1/switches/from-topology", null);
		ObjectNode config = (ObjectNode) JSON.readTree(this.root.resolve("scripts/demo-int-config.json").toFile());
		((ObjectNode) config.get("report")).put("collectorPort", this.udpPort);
		call("PUT", "/api/v1/int/config?comment=soak", config.toString());
		// Every change an event: enough of them to count.
		ObjectNode thresholds = JSON.createObjectNode();
		call("GET", "/api/v1/thresholds", null).get("thresholds")
			.fieldNames()
			.forEachRemaining((metric) -> thresholds.put(metric, 0));
		call("PUT", "/api/v1/thresholds", thresholds.toString());
	}

	PublishedLog published() {
		return new PublishedLog(publishedLogFile());
	}

	EventLogReader eventLog() {
		return new EventLogReader(this.pgPort);
	}

	/**
	 * A crash of the Redis host: SIGKILL, the AOF cut back to what it held a second
	 * before (all {@code appendfsync everysec} promises), and Redis started again.
	 */
	long crashRedis() throws IOException, InterruptedException {
		long fsynced = Files.size(this.redis.incrementalAof());
		Thread.sleep(1000);
		long killedAt = System.currentTimeMillis();
		this.redis.crashLosingAofBeyond(fsynced);
		this.redis.restart();
		return killedAt;
	}

	long killAndRestartBackend() throws IOException, InterruptedException {
		long killedAt = System.currentTimeMillis();
		this.backend.kill();
		startBackend();
		return killedAt;
	}

	long killAndRestartCollector() {
		long killedAt = System.currentTimeMillis();
		this.collector.kill();
		this.collector.start();
		return killedAt;
	}

	/** No more reports, then the collector stops with what it holds published. */
	void stopTraffic() {
		this.emulator.stop();
		this.collector.stop();
	}

	/** Waits until the backend's group has read and acknowledged every entry. */
	void awaitIngested(Duration within) throws InterruptedException {
		long deadline = System.nanoTime() + within.toNanos();
		RedisClient client = RedisClient.create("redis://127.0.0.1:" + this.redis.port());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			while (System.nanoTime() < deadline) {
				Map<String, Object> group = backendGroup(connection.sync().xinfoGroups("sonde:stream:events"));
				if (group != null && Long.valueOf(0).equals(group.get("pending"))
						&& Long.valueOf(0).equals(group.get("lag"))) {
					return;
				}
				Thread.sleep(500);
			}
		}
		finally {
			client.shutdown();
		}
		throw new IllegalStateException("the backend did not ingest every entry within " + within);
	}

	private static Map<String, Object> backendGroup(List<Object> groups) {
		for (Object group : groups) {
			List<?> fields = (List<?>) group;
			Map<String, Object> byName = new java.util.HashMap<>();
			for (int i = 0; i + 1 < fields.size(); i += 2) {
				byName.put(String.valueOf(fields.get(i)), fields.get(i + 1));
			}
			if ("backend".equals(byName.get("name"))) {
				return byName;
			}
		}
		return null;
	}

	private void startBackend() throws IOException, InterruptedException {
		Files.deleteIfExists(credentialsFile());
		this.backend.start();
		long deadline = System.nanoTime() + START_WITHIN.toNanos();
		while (this.token == null || !answers()) {
			if (!this.backend.isAlive()) {
				throw new IllegalStateException("the backend exited: " + this.backend);
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(
						"the backend did not answer within " + START_WITHIN + ": " + this.backend);
			}
			Thread.sleep(200);
			this.token = readToken();
		}
	}

	/** The credentials file is written anew at each start, with a new token. */
	private String readToken() throws IOException {
		if (!Files.exists(credentialsFile())) {
			return null;
		}
		for (String line : Files.readAllLines(credentialsFile())) {
			if (line.startsWith("api_token=")) {
				return line.substring("api_token=".length()).replace("'", "").replace("\"", "");
			}
		}
		return null;
	}

	private boolean answers() {
		try {
			HttpResponse<Void> health = this.http.send(
					HttpRequest.newBuilder(uri("/actuator/health")).timeout(Duration.ofSeconds(2)).build(),
					HttpResponse.BodyHandlers.discarding());
			return health.statusCode() == 200 || health.statusCode() == 503;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private JsonNode call(String method, String path, String body) throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri(path))
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", "Bearer " + this.token)
			.header("Content-Type", "application/json")
			.method(method,
					(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
		HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() >= 300) {
			throw new IllegalStateException(
					method + " " + path + " answered " + response.statusCode() + ": " + response.body());
		}
		return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + this.httpPort + path);
	}

	private static void awaitTopology(Path topology) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + START_WITHIN.toNanos();
		// Complete once it ends with its closing brace (it is written while
		// the switches start).
		while (!Files.exists(topology) || !Files.readString(topology).strip().endsWith("}")) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("the emulator wrote no topology within " + START_WITHIN);
			}
			Thread.sleep(200);
		}
	}

	/**
	 * The backend laid out to start fast, as make demo starts it
	 * (scripts/backend-app.sh).
	 */
	private List<String> backendJava() throws IOException, InterruptedException {
		Process layout = new ProcessBuilder(this.root.resolve("scripts/backend-app.sh").toString())
			.directory(this.root.toFile())
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		String arguments = new String(layout.getInputStream().readAllBytes()).strip();
		if (layout.waitFor() != 0) {
			throw new IllegalStateException("scripts/backend-app.sh failed: is the backend built (make build)?");
		}
		return List.of(arguments.split("\\s+"));
	}

	private ChildProcess child(String name, List<String> command) {
		return new ChildProcess(name, new ArrayList<>(command), this.root, this.work.resolve(name + ".log"));
	}

	private Path publishedLogFile() {
		return this.work.resolve("published.log");
	}

	private Path credentialsFile() {
		return this.work.resolve("credentials.env");
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("no free port", ex);
		}
	}

	@Override
	public void close() {
		for (ChildProcess process : new ChildProcess[] { this.backend, this.collector, this.emulator }) {
			if (process != null) {
				process.stop();
			}
		}
		if (this.redis != null) {
			this.redis.close();
		}
	}

}
