package io.sonde.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real redis-server (the Debian package) owned by one test, on a port of its own, so a
 * test can stop and restart Redis without disturbing the shared one on 6379.
 */
public final class RedisServerProcess implements AutoCloseable {

	private static final Path REDIS_SERVER = Path.of("/usr/bin/redis-server");

	private final int port;

	/** Where the append-only file goes, or null: no persistence. */
	private final Path aofDir;

	private Process process;

	private RedisServerProcess(int port, Path aofDir) {
		this.port = port;
		this.aofDir = aofDir;
	}

	/**
	 * Starts redis-server on a free loopback port and waits until it accepts connections.
	 */
	public static RedisServerProcess start() {
		if (!Files.isExecutable(REDIS_SERVER)) {
			throw new IllegalStateException(REDIS_SERVER + " is missing: `make test` installs redis-server");
		}
		RedisServerProcess redis = new RedisServerProcess(freePort(), null);
		redis.restart();
		return redis;
	}

	/**
	 * Starts redis-server with append-only persistence ({@code appendfsync everysec}) in
	 * {@code dir}, which every restart loads again. No automatic AOF rewrite, so the
	 * incremental file under {@code dir/appendonlydir} only grows: a test can cut it back
	 * to what an fsync had written.
	 */
	public static RedisServerProcess startWithAof(Path dir) {
		RedisServerProcess redis = new RedisServerProcess(freePort(), dir);
		redis.restart();
		return redis;
	}

	public int port() {
		return this.port;
	}

	/** The running server's process id (benchmarks read its CPU time from /proc). */
	public long pid() {
		if (this.process == null) {
			throw new IllegalStateException("redis-server is not running");
		}
		return this.process.pid();
	}

	/** Starts (again) on the same port. */
	public void restart() {
		List<String> command = new ArrayList<>(List.of(REDIS_SERVER.toString(), "--port", Integer.toString(this.port),
				"--bind", "127.0.0.1", "--save", ""));
		if (this.aofDir == null) {
			command.addAll(List.of("--appendonly", "no"));
		}
		else {
			command.addAll(List.of("--appendonly", "yes", "--appendfsync", "everysec", "--auto-aof-rewrite-percentage",
					"0", "--dir", this.aofDir.toString()));
		}
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

	/** Kills the server and waits until its port is closed. */
	public void stop() {
		if (this.process != null) {
			this.process.destroy();
			try {
				this.process.waitFor(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.process = null;
		}
		awaitListening(false);
	}

	/** SIGKILL: the server dies at once, as in a crash, and its port closes. */
	public void kill() {
		if (this.process != null) {
			this.process.destroyForcibly();
			try {
				this.process.waitFor(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.process = null;
		}
		awaitListening(false);
	}

	/**
	 * The incremental AOF file every write is appended to ({@link #startWithAof} only).
	 */
	public Path incrementalAof() {
		if (this.aofDir == null) {
			throw new IllegalStateException("redis-server runs without an AOF");
		}
		try (Stream<Path> files = Files.list(this.aofDir.resolve("appendonlydir"))) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".incr.aof"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("no incremental AOF in " + this.aofDir));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A crash of the host, as {@code appendfsync everysec} allows it: SIGKILL, then the
	 * incremental AOF cut back to {@code fsyncedBytes}, what the last fsync had written.
	 * A SIGKILL alone loses nothing: the kernel keeps what Redis wrote before it
	 * answered.
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

	private void awaitListening(boolean listening) {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
		while (Instant.now().isBefore(deadline)) {
			if (isListening() == listening) {
				return;
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
		throw new IllegalStateException(
				"redis-server on port " + this.port + " did not " + (listening ? "start" : "stop") + " within 10 s");
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
