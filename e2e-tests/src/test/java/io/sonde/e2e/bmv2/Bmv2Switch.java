package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * One {@code simple_switch_grpc} in a {@link Bmv2Namespace}: started with no program
 * ({@code --no-p4}) until a controller pushes one, its data ports the veth ends it is
 * given, CPU port {@value #CPU_PORT}, its P4Runtime server on a Unix socket that a
 * {@link UnixSocketRelay} offers on 127.0.0.1. Its log and output stay in its folder
 * under target/ for the failures to be read. {@link #stop} and {@link #start} again keep
 * the address: a restart as an operator would do it, with every P4Runtime state lost.
 */
final class Bmv2Switch implements AutoCloseable {

	/** The CPU port, as the emulator numbers its own (emulator/README.md). */
	static final int CPU_PORT = 510;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private final String name;

	private final long deviceId;

	private final Map<Integer, String> ports;

	private final int thriftPort;

	private final Bmv2Binary binary;

	private final Bmv2Namespace namespace;

	private final Path folder;

	private final UnixSocketRelay relay;

	private Process process;

	private int starts;

	private Bmv2Switch(Bmv2Binary binary, Bmv2Namespace namespace, String name, long deviceId, int thriftPort,
			Map<Integer, String> ports) throws IOException {
		this.binary = binary;
		this.namespace = namespace;
		this.name = name;
		this.deviceId = deviceId;
		this.thriftPort = thriftPort;
		this.ports = new TreeMap<>(ports);
		this.folder = Bmv2Binary.TARGET.resolve("bmv2").resolve(namespace.name()).resolve(name);
		Files.createDirectories(this.folder);
		this.relay = new UnixSocketRelay(socket());
	}

	/**
	 * Starts a switch and waits until its P4Runtime server listens.
	 * @param thriftPort a port of its own inside the namespace (BMv2 always serves
	 * Thrift)
	 * @param ports port number to the veth end it sends and receives on
	 */
	static Bmv2Switch start(Bmv2Binary binary, Bmv2Namespace namespace, String name, long deviceId, int thriftPort,
			Map<Integer, String> ports) throws IOException, InterruptedException {
		Bmv2Switch started = new Bmv2Switch(binary, namespace, name, deviceId, thriftPort, ports);
		try {
			started.start();
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			started.close();
			throw ex;
		}
		return started;
	}

	String name() {
		return this.name;
	}

	long deviceId() {
		return this.deviceId;
	}

	/** The TCP port on 127.0.0.1 that reaches its P4Runtime server. */
	int p4RuntimePort() {
		return this.relay.port();
	}

	/** Where its output and log are kept. */
	Path folder() {
		return this.folder;
	}

	void start() throws IOException, InterruptedException {
		Files.deleteIfExists(socket());
		this.starts++;
		List<String> command = new ArrayList<>(List.of("env"));
		command.addAll(this.binary.environment());
		command
			.addAll(List.of(this.binary.binary().toString(), "--no-p4", "--device-id", Long.toString(this.deviceId)));
		this.ports.forEach((number, link) -> command.addAll(List.of("-i", number + "@" + link)));
		command.addAll(List.of("--thrift-port", Integer.toString(this.thriftPort), "--notifications-addr",
				"ipc://" + this.folder.resolve("notifications.ipc"), "--log-file",
				this.folder.resolve("switch-" + this.starts).toString(), "--log-flush", "-L",
				System.getProperty("sonde.bmv2.logLevel", "info"), "--", "--grpc-server-addr", "unix:" + socket(),
				"--cpu-port", Integer.toString(CPU_PORT)));
		Path output = this.folder.resolve("output-" + this.starts + ".log");
		this.process = new ProcessBuilder(this.namespace.inside(command)).redirectErrorStream(true)
			.redirectOutput(output.toFile())
			.start();
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!listening()) {
			if (!this.process.isAlive() || System.nanoTime() > deadline) {
				String why = this.process.isAlive() ? "did not listen within " + START_TIMEOUT.toSeconds() + " s"
						: "exited " + this.process.exitValue();
				this.process.destroyForcibly();
				throw new IllegalStateException("BMv2 " + this.name + " " + why + ": "
						+ Files.readString(output, StandardCharsets.UTF_8).strip() + " (" + output + ")");
			}
			Thread.sleep(50);
		}
	}

	/** SIGTERM, then waits for it to end; connections through the relay are cut. */
	void stop() throws InterruptedException {
		if (this.process == null) {
			return;
		}
		this.process.destroy();
		if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
		this.process = null;
		this.relay.cutAll();
	}

	@Override
	public void close() {
		try {
			stop();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.relay.close();
		}
		try {
			Files.deleteIfExists(socket());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public String toString() {
		return "BMv2 " + this.name + " (device " + this.deviceId + ", 127.0.0.1:" + p4RuntimePort() + ", log in "
				+ this.folder + ")";
	}

	private Path socket() {
		return this.folder.resolve("p4rt.sock");
	}

	private boolean listening() {
		if (!Files.exists(socket())) {
			return false;
		}
		try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
			probe.connect(UnixDomainSocketAddress.of(socket()));
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
