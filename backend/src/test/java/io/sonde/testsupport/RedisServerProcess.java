package io.sonde.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.context.SmartLifecycle;
import org.springframework.test.context.DynamicPropertyRegistry;

import static org.awaitility.Awaitility.await;

/**
 * A real redis-server (the Debian package) owned by one test, on a port of its own, so a
 * test can stop, kill and restart Redis without disturbing the shared one on 6379.
 * Without persistence by default (a restart starts empty); with {@link #startAppendOnly}
 * it keeps an append-only file in a directory of the test's, as the Redis that
 * {@code make demo} starts does.
 * <p>
 * A test class holds it in a static {@code @RegisterExtension} field: it stops after the
 * class, and {@link #register} points the class's Spring context at it.
 */
public final class RedisServerProcess implements AutoCloseable, AfterAllCallback {

	private static final Path REDIS_SERVER = Path.of("/usr/bin/redis-server");

	private final int port;

	/** The append-only file's directory, or null without persistence. */
	private final Path dataDir;

	private final String appendFsync;

	private Process process;

	private RedisServerProcess(int port, Path dataDir, String appendFsync) {
		this.port = port;
		this.dataDir = dataDir;
		this.appendFsync = appendFsync;
	}

	/**
	 * Starts redis-server without persistence on a free loopback port and waits until it
	 * accepts connections.
	 */
	public static RedisServerProcess start() {
		return started(new RedisServerProcess(freePort(), null, null));
	}

	/**
	 * Starts redis-server with {@code appendonly yes} in {@code dataDir}: a restart, or a
	 * start after {@link #kill()}, loads what the file holds.
	 * @param appendFsync {@code everysec} as in production (a crash may lose the last
	 * second of acknowledged writes), or {@code always} for a test that needs every
	 * acknowledged write on disk
	 */
	public static RedisServerProcess startAppendOnly(Path dataDir, String appendFsync) {
		try {
			Files.createDirectories(dataDir);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot create " + dataDir, ex);
		}
		return started(new RedisServerProcess(freePort(), dataDir, appendFsync));
	}

	private static RedisServerProcess started(RedisServerProcess redis) {
		if (!Files.isExecutable(REDIS_SERVER)) {
			throw new IllegalStateException(REDIS_SERVER + " is missing: `make test` installs redis-server");
		}
		redis.restart();
		return redis;
	}

	public int port() {
		return this.port;
	}

	/**
	 * A lifecycle bean that stops this server when the Spring context holding it closes
	 * (at the end of the JVM, or when the context cache evicts it), in the last phase,
	 * after every component that talks to Redis has stopped: for a server a cached
	 * context shares.
	 */
	public SmartLifecycle stoppedWithTheContext() {
		return new SmartLifecycle() {

			private volatile boolean running;

			@Override
			public void start() {
				this.running = true;
			}

			@Override
			public void stop() {
				RedisServerProcess.this.stop();
				this.running = false;
			}

			@Override
			public boolean isRunning() {
				return this.running;
			}

			@Override
			public int getPhase() {
				return Integer.MIN_VALUE;
			}

		};
	}

	/**
	 * For a {@code @DynamicPropertySource}: Spring Data Redis connects to this server.
	 */
	public void register(DynamicPropertyRegistry properties) {
		properties.add("spring.data.redis.port", this::port);
	}

	@Override
	public void afterAll(ExtensionContext context) {
		stop();
	}

	/** The running server's process id (benchmarks read its CPU time from /proc). */
	public long pid() {
		if (this.process == null) {
			throw new IllegalStateException("redis-server is not running");
		}
		return this.process.pid();
	}

	/**
	 * Starts (again) on the same port and waits until it answers commands (an append-only
	 * file is loaded by then).
	 */
	public void restart() {
		launch(List.of());
		awaitLoaded();
	}

	/**
	 * Starts again with each key of the append-only file's base loaded 200 µs late
	 * ({@code key-load-delay}, a setting Redis keeps for its own tests) and clients
	 * answered (LOADING) between every KiB it reads, not every 2 MiB: with N keys in the
	 * base (after a rewrite) the load lasts about N × 200 µs. Returns once the port is
	 * open, while Redis still loads ({@link #awaitLoaded}).
	 */
	public void restartLoadingSlowly() {
		launch(List.of("--key-load-delay", "200", "--loading-process-events-interval-bytes", "1024"));
	}

	/**
	 * Writes {@code keys} filler keys and rewrites the append-only file, so that its base
	 * holds them: {@link #restartLoadingSlowly} then loads for about keys × 200 µs.
	 */
	public void fillForASlowLoad(int keys) {
		cli("EVAL", "for i = 1, tonumber(ARGV[1]) do redis.call('SET', 'filler:' .. i, i) end", "0",
				Integer.toString(keys));
		cli("BGREWRITEAOF");
		await("the append-only file of redis-server on port " + this.port + " rewritten").atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> {
				String persistence = cli("INFO", "persistence");
				return persistence.contains("aof_rewrite_in_progress:0")
						&& persistence.contains("aof_rewrite_scheduled:0")
						&& persistence.contains("aof_last_bgrewrite_status:ok");
			});
	}

	/** One command by redis-cli (the redis-tools package redis-server comes with). */
	private String cli(String... args) {
		List<String> command = new ArrayList<>(List.of("redis-cli", "-p", Integer.toString(this.port)));
		command.addAll(List.of(args));
		try {
			Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!cli.waitFor(30, TimeUnit.SECONDS) || cli.exitValue() != 0 || out.startsWith("ERR")) {
				throw new IllegalStateException("redis-cli " + String.join(" ", args) + " failed: " + out);
			}
			return out;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	private void launch(List<String> extra) {
		List<String> command = new ArrayList<>(List.of(REDIS_SERVER.toString(), "--port", Integer.toString(this.port),
				"--bind", "127.0.0.1", "--save", ""));
		if (this.dataDir == null) {
			command.addAll(List.of("--appendonly", "no"));
		}
		else {
			// No automatic rewrite: the incremental file only grows, so a test can cut it
			// back to what an fsync had written (crashLosingAofBeyond).
			command.addAll(List.of("--appendonly", "yes", "--appendfsync", this.appendFsync,
					"--auto-aof-rewrite-percentage", "0", "--dir", this.dataDir.toAbsolutePath().toString()));
		}
		command.addAll(extra);
		try {
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start redis-server", ex);
		}
		awaitListening(true);
	}

	/**
	 * Stops the server as an operator would (SIGTERM: with an append-only file, Redis
	 * writes it out first) and waits until its port is closed.
	 */
	public void stop() {
		if (this.process != null) {
			this.process.destroy();
			awaitExit();
		}
		awaitListening(false);
	}

	/**
	 * SIGKILL: the server dies at once, as in an OOM kill, with whatever it wrote to its
	 * append-only file (the kernel keeps that; a crash of the host is
	 * {@link #crashLosingAofBeyond}).
	 */
	public void kill() {
		if (this.process != null) {
			this.process.destroyForcibly();
			awaitExit();
		}
		awaitListening(false);
	}

	/**
	 * The incremental append-only file every write goes to ({@link #startAppendOnly}
	 * only).
	 */
	public Path incrementalAof() {
		if (this.dataDir == null) {
			throw new IllegalStateException("redis-server runs without an append-only file");
		}
		try (Stream<Path> files = Files.list(this.dataDir.resolve("appendonlydir"))) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".incr.aof"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("no incremental append-only file in " + this.dataDir));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A crash of the host, as {@code appendfsync everysec} allows it: SIGKILL, then the
	 * incremental append-only file cut back to {@code fsyncedBytes}, what the last fsync
	 * had written. (A SIGKILL alone keeps what Redis wrote before it answered, but under
	 * {@code everysec} Redis may answer before writing while a slow fsync holds its
	 * buffer.)
	 */
	public void crashLosingAofBeyond(long fsyncedBytes) {
		Path aof = incrementalAof();
		kill();
		try (FileChannel file = FileChannel.open(aof, StandardOpenOption.WRITE)) {
			file.truncate(fsyncedBytes);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * {@code SHUTDOWN NOSAVE}, the README's way to stop the demo's Redis: without
	 * persistence its data is gone.
	 */
	public void shutdownNoSave() {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write("*2\r\n$8\r\nSHUTDOWN\r\n$6\r\nNOSAVE\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			// Redis closes the connection as it exits; nothing to read.
			socket.getInputStream().read();
		}
		catch (IOException ex) {
			// The connection reset by the exiting server: what SHUTDOWN does.
		}
		awaitExit();
		awaitListening(false);
	}

	private void awaitExit() {
		if (this.process == null) {
			return;
		}
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("redis-server on port " + this.port + " did not exit within 10 s");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.process = null;
	}

	private void awaitListening(boolean listening) {
		await("redis-server on port " + this.port + (listening ? " started" : " stopped"))
			.atMost(Duration.ofSeconds(10))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(50))
			.until(() -> isListening() == listening);
	}

	/** Waits until PING answers PONG: an append-only file is loaded (LOADING before). */
	public void awaitLoaded() {
		await("redis-server on port " + this.port + " loaded its data").atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(50))
			.until(this::answersPong);
	}

	private boolean answersPong() {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(2000);
			socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			byte[] reply = new byte[64];
			int read = socket.getInputStream().read(reply);
			return read > 0 && new String(reply, 0, read, StandardCharsets.US_ASCII).startsWith("+PONG");
		}
		catch (IOException ex) {
			// Not ready yet.
			return false;
		}
	}

	private boolean isListening() {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException("no free port", ex);
		}
	}

	@Override
	public void close() {
		stop();
	}

}
