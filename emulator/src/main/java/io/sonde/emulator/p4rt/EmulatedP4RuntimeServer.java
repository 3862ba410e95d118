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
 * port stays, so controllers reconnect where they were.
 */
public final class EmulatedP4RuntimeServer implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(EmulatedP4RuntimeServer.class.getName());

	private static final String LOOPBACK = "127.0.0.1";

	private final String name;

	private final long deviceId;

	private final SwitchState state;

	private final PipelineConfigStore pipeline;

	private final PacketIoLayout packetIo;

	private final Server server;

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
		this.pipeline = new PipelineConfigStore(program.p4Info());
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
		P4RuntimeService service = new P4RuntimeService(name, deviceId, this.state, this.pipeline, () -> this.sessions,
				delivery);
		NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(LOOPBACK, port))
			.addService(service);
		if (tls != null) {
			builder.sslContext(tls.sslContext());
		}
		this.server = builder.build();
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
		try {
			server.server.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(name + ": cannot listen on " + LOOPBACK + ":" + port, ex);
		}
		logger.log(Level.INFO, () -> name + ": P4Runtime server for device " + deviceId + " on " + server.address());
		return server;
	}

	public String name() {
		return this.name;
	}

	public long deviceId() {
		return this.deviceId;
	}

	/** The port the server listens on (the real one when started with port 0). */
	public int port() {
		return this.server.getPort();
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
	 * @return true if some primary controller got it; false if there is none or its
	 * stream is not keeping up (the packet is dropped, like on a congested CPU port)
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

	/** Ends every stream and stops listening; waits up to 5 s for calls to finish. */
	@Override
	public void close() {
		this.sessions.endAll(Status.UNAVAILABLE.withDescription(this.name + " is shutting down"));
		this.server.shutdown();
		try {
			if (!this.server.awaitTermination(5, TimeUnit.SECONDS)) {
				this.server.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			this.server.shutdownNow();
			Thread.currentThread().interrupt();
		}
		logger.log(Level.INFO, () -> this.name + ": P4Runtime server stopped");
	}

	@Override
	public String toString() {
		return this.name + " (device " + this.deviceId + ", " + address() + ")";
	}

}
