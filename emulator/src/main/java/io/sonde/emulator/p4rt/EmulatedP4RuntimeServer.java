package io.sonde.emulator.p4rt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.sonde.emulator.state.SwitchState;
import io.sonde.p4programs.SondeDeviceConfig;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.v1.PacketIn;

/**
 * The P4Runtime face of one emulated switch: a gRPC server on 127.0.0.1 serving one
 * device, running one program (sonde.p4 unless told otherwise). It owns the switch's
 * {@link SwitchState}, which its data plane runs packets against, takes the data plane's
 * {@link PacketOutHandler} and forwards its packet-ins to the primary controller.
 * <p>
 * {@link #restart()} is a full switch restart (spec §3.5): controller streams are cut,
 * entries, counters, registers, the pipeline and the arbitration history are lost; the
 * port stays, so controllers reconnect where they were. {@link #powerOff()} and
 * {@link #powerOn()} are the same restart with the switch gone in between: nothing
 * listens on its port until it is powered on again, on the same port.
 */
public final class EmulatedP4RuntimeServer implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(EmulatedP4RuntimeServer.class.getName());

	private static final String LOOPBACK = "127.0.0.1";

	private final String name;

	private final long deviceId;

	private final SwitchState state;

	private final PipelineConfigStore pipeline;

	private final PacketIoLayout packetIo;

	private final P4RuntimeService service;

	private final ServerTls tls;

	private final Object power = new Object();

	/** The port asked for, then the one listened on (so a power-on finds it again). */
	private volatile int port;

	private volatile Server server;

	private volatile boolean serving;

	private volatile ControllerSessions sessions;

	private volatile PacketOutHandler packetOutHandler;

	private EmulatedP4RuntimeServer(String name, long deviceId, int port, P4InfoIndex program, ServerTls tls) {
		if (deviceId == 0) {
			throw new IllegalArgumentException("device_id must be non-zero (P4Runtime 1.5: 0 is reserved)");
		}
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException("port must be 0..65535, was " + port);
		}
		this.name = Objects.requireNonNull(name);
		this.deviceId = deviceId;
		this.state = new SwitchState(program);
		// sonde.p4 is known by its BMv2 JSON too; other programs by their P4Info only.
		this.pipeline = new PipelineConfigStore(program.p4Info(),
				(program == SondePipeline.p4Info()) ? SondeDeviceConfig.bmv2().sha256() : null);
		this.packetIo = PacketIoLayout.of(program);
		this.sessions = new ControllerSessions(deviceId);
		StreamSession.PacketDelivery delivery = new StreamSession.PacketDelivery() {

			@Override
			public PacketIoLayout layout() {
				return EmulatedP4RuntimeServer.this.packetIo;
			}

			@Override
			public PacketOutHandler handler() {
				return EmulatedP4RuntimeServer.this.packetOutHandler;
			}

		};
		this.service = new P4RuntimeService(name, deviceId, this.state, this.pipeline, () -> this.sessions, delivery);
		this.tls = tls;
		this.port = port;
	}

	/** Listens on {@link #port}; a free one the first time if it is 0. */
	private void listen() {
		NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(LOOPBACK, this.port))
			.addService(this.service);
		if (this.tls != null) {
			builder.sslContext(this.tls.sslContext());
		}
		Server listening = builder.build();
		try {
			listening.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(this.name + ": cannot listen on " + LOOPBACK + ":" + this.port, ex);
		}
		this.server = listening;
		this.port = listening.getPort();
		this.serving = true;
	}

	/** Starts a switch running sonde.p4 on 127.0.0.1:{@code port} (0 = a free port). */
	public static EmulatedP4RuntimeServer start(String name, long deviceId, int port) {
		return start(name, deviceId, port, SondePipeline.p4Info());
	}

	/** Starts a switch running the program {@code program} describes. */
	public static EmulatedP4RuntimeServer start(String name, long deviceId, int port, P4InfoIndex program) {
		return start(name, deviceId, port, program, null);
	}

	/**
	 * Starts a switch running sonde.p4 that speaks TLS only, as a production switch's
	 * P4Runtime server should.
	 */
	public static EmulatedP4RuntimeServer startTls(String name, long deviceId, int port, ServerTls tls) {
		return start(name, deviceId, port, SondePipeline.p4Info(), java.util.Objects.requireNonNull(tls));
	}

	private static EmulatedP4RuntimeServer start(String name, long deviceId, int port, P4InfoIndex program,
			ServerTls tls) {
		EmulatedP4RuntimeServer server = new EmulatedP4RuntimeServer(name, deviceId, port, program, tls);
		server.listen();
		logger.log(Level.INFO, () -> name + ": P4Runtime server for device " + deviceId + " on " + server.address());
		return server;
	}

	public String name() {
		return this.name;
	}

	public long deviceId() {
		return this.deviceId;
	}

	/**
	 * The port the server listens on (the real one when started with port 0), also while
	 * it is powered off.
	 */
	public int port() {
		return this.port;
	}

	/** False while powered off: nothing listens on the port. */
	public boolean isServing() {
		return this.serving;
	}

	/** {@code 127.0.0.1:port}, as controllers dial it. */
	public String address() {
		return LOOPBACK + ":" + port();
	}

	/** The switch's forwarding state; the same object for the life of the server. */
	public SwitchState state() {
		return this.state;
	}

	/**
	 * True once a controller has committed a pipeline; until then a real switch forwards
	 * nothing, and its data plane should drop every packet.
	 */
	public boolean hasPipeline() {
		return this.pipeline.hasPipeline();
	}

	/** Live controller streams, observers included. */
	public int streamCount() {
		return this.sessions.size();
	}

	/** Installs where PacketOuts of the primary controller go; {@code null} detaches. */
	public void setPacketOutHandler(PacketOutHandler handler) {
		this.packetOutHandler = handler;
	}

	/**
	 * Sends a packet to the controller, as a punt to the CPU port does: to the primary of
	 * every role that has one, with the ingress port in the packet_in metadata.
	 * @return true if some primary controller got it or will (it waits in the stream's
	 * bounded CPU port queue while gRPC cannot take it); false if there is none or that
	 * queue is full (the packet is dropped, like on a congested CPU port)
	 */
	public boolean sendPacketIn(byte[] payload, int ingressPort) {
		PacketIn packet = this.packetIo.packetIn(payload, ingressPort);
		boolean delivered = false;
		for (StreamSession session : this.sessions.primaries()) {
			delivered |= session.sendPacketIn(packet);
		}
		return delivered;
	}

	/**
	 * A full restart: streams end with UNAVAILABLE, then state, pipeline and arbitration
	 * start over. The server keeps listening on the same port throughout.
	 */
	public void restart() {
		ControllerSessions old = this.sessions;
		this.sessions = new ControllerSessions(this.deviceId);
		this.pipeline.clear();
		this.state.reset();
		old.endAll(Status.UNAVAILABLE.withDescription(this.name + " is restarting"));
		logger.log(Level.INFO, () -> this.name + ": restarted, forwarding state and pipeline lost");
	}

	/**
	 * The switch loses power: streams end with UNAVAILABLE, the port stops listening and
	 * calls in progress are cut; then state, pipeline and arbitration start over, as
	 * after {@link #restart()}. Nothing answers until {@link #powerOn()}. Does nothing if
	 * already off.
	 */
	public void powerOff() {
		synchronized (this.power) {
			if (!this.serving) {
				return;
			}
			this.serving = false;
			ControllerSessions old = this.sessions;
			this.sessions = new ControllerSessions(this.deviceId);
			old.endAll(Status.UNAVAILABLE.withDescription(this.name + " lost power"));
			stopListening(this.server, false);
			// After the calls are gone, so no Write lands in the fresh state.
			this.pipeline.clear();
			this.state.reset();
		}
		logger.log(Level.INFO, () -> this.name + ": powered off, forwarding state and pipeline lost");
	}

	/**
	 * The switch is back: it listens on the same port again, with no pipeline, no entries
	 * and no arbitration history. Does nothing if already on.
	 * @throws UncheckedIOException if the port is taken meanwhile
	 */
	public void powerOn() {
		synchronized (this.power) {
			if (this.serving) {
				return;
			}
			listen();
		}
		logger.log(Level.INFO, () -> this.name + ": powered on at " + address());
	}

	/** Ends every stream and stops listening; waits up to 5 s for calls to finish. */
	@Override
	public void close() {
		synchronized (this.power) {
			this.serving = false;
			this.sessions.endAll(Status.UNAVAILABLE.withDescription(this.name + " is shutting down"));
			stopListening(this.server, true);
		}
		logger.log(Level.INFO, () -> this.name + ": P4Runtime server stopped");
	}

	/**
	 * Stops {@code listening}; {@code gracefully} lets calls in progress finish for up to
	 * 5 s, otherwise they are cut at once.
	 */
	private static void stopListening(Server listening, boolean gracefully) {
		if (gracefully) {
			listening.shutdown();
		}
		else {
			listening.shutdownNow();
		}
		try {
			if (!listening.awaitTermination(5, TimeUnit.SECONDS)) {
				listening.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			listening.shutdownNow();
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public String toString() {
		return this.name + " (device " + this.deviceId + ", " + address() + ")";
	}

}
