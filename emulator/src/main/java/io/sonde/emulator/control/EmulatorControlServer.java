package io.sonde.emulator.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.sonde.emulator.run.EmulatedNetwork;

/**
 * The control channel of a running {@link EmulatedNetwork}: the protocol of this package
 * over HTTP on 127.0.0.1 only (whoever can reach it can power switches off, so it never
 * listens on another address). A few threads serve it, so a restart that keeps its switch
 * down for a while does not hold up a status or another switch.
 */
public final class EmulatorControlServer implements AutoCloseable {

	/**
	 * The port {@code sonde-emulator run --clock real} listens on and {@code ctl} dials
	 * unless told otherwise: next to the collector's 32766, and below Linux's ephemeral
	 * range (32768-60999), so no outgoing connection holds it.
	 */
	public static final int DEFAULT_PORT = 32767;

	private static final System.Logger LOG = System.getLogger(EmulatorControlServer.class.getName());

	private static final int THREADS = 8;

	/** 127.0.0.1 itself: the JVM's loopback address may be ::1. */
	static final InetAddress LOOPBACK = loopback();

	private final HttpServer server;

	private final ExecutorService executor;

	private EmulatorControlServer(HttpServer server, ExecutorService executor) {
		this.server = server;
		this.executor = executor;
	}

	/**
	 * Listens on 127.0.0.1:{@code port} (0: a free port).
	 * @throws UncheckedIOException naming the port if it cannot listen there
	 */
	public static EmulatorControlServer start(EmulatedNetwork network, int port) {
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException("the control port must be 0..65535, got " + port);
		}
		InetSocketAddress address = new InetSocketAddress(LOOPBACK, port);
		HttpServer server;
		try {
			server = HttpServer.create(address, 0);
		}
		catch (BindException ex) {
			throw new UncheckedIOException("the control port 127.0.0.1:" + port
					+ " is in use (another emulator?); --control-port 0 takes a free one", ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot listen for control on 127.0.0.1:" + port, ex);
		}
		ExecutorService executor = Executors.newFixedThreadPool(THREADS, daemonThreads());
		server.setExecutor(executor);
		server.createContext("/", new ControlExchange(network));
		server.start();
		EmulatorControlServer started = new EmulatorControlServer(server, executor);
		LOG.log(Level.INFO, () -> "emulator control channel on 127.0.0.1:" + started.port());
		return started;
	}

	/** The port it listens on (the real one when started with 0). */
	public int port() {
		return this.server.getAddress().getPort();
	}

	/** {@code 127.0.0.1:port}. */
	public InetSocketAddress address() {
		return new InetSocketAddress(LOOPBACK, port());
	}

	/** Stops listening; a request in progress gets up to a second to finish. */
	@Override
	public void close() {
		this.server.stop(1);
		this.executor.shutdownNow();
		try {
			this.executor.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static InetAddress loopback() {
		try {
			return InetAddress.getByAddress("127.0.0.1", new byte[] { 127, 0, 0, 1 });
		}
		catch (java.net.UnknownHostException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ThreadFactory daemonThreads() {
		AtomicInteger count = new AtomicInteger();
		return (work) -> {
			Thread thread = new Thread(work, "emulator-control-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

}
