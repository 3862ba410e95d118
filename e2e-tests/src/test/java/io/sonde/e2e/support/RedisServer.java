package io.sonde.e2e.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A redis-server (the Debian package) of one test's own, on a free port, so the test can
 * stop and start it without disturbing the shared one on 6379.
 */
public final class RedisServer implements AutoCloseable {

	private static final Path EXECUTABLE = Path.of("/usr/bin/redis-server");

	private static final Duration START_STOP = Duration.ofSeconds(10);

	private final int port;

	private Process process;

	private RedisServer(int port) {
		this.port = port;
	}

	public static RedisServer onFreePort() {
		if (!Files.isExecutable(EXECUTABLE)) {
			throw new IllegalStateException(EXECUTABLE + " is missing: `make test` installs redis-server");
		}
		try (ServerSocket socket = new ServerSocket(0)) {
			return new RedisServer(socket.getLocalPort());
		}
		catch (IOException ex) {
			throw new IllegalStateException("no free port for redis-server", ex);
		}
	}

	public int port() {
		return this.port;
	}

	/** Starts (again, on the same port) and returns once it accepts connections. */
	public void start() {
		try {
			this.process = new ProcessBuilder(List.of(EXECUTABLE.toString(), "--port", Integer.toString(this.port),
					"--bind", "127.0.0.1", "--save", "", "--appendonly", "no"))
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot start " + EXECUTABLE, ex);
		}
		await("redis-server listening on " + this.port).atMost(START_STOP).until(this::listening);
	}

	/** Stops it and returns once its port is closed. */
	public void stop() {
		if (this.process == null) {
			return;
		}
		this.process.destroy();
		try {
			this.process.waitFor(START_STOP.toSeconds(), TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.process = null;
		await("redis-server on " + this.port + " stopped").atMost(START_STOP).until(() -> !listening());
	}

	private boolean listening() {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	@Override
	public void close() {
		stop();
	}

}
