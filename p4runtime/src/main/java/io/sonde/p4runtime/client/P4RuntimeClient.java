package io.sonde.p4runtime.client;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.sonde.p4runtime.arbitration.ElectionIds;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import p4.config.v1.P4Info;
import p4.v1.CapabilitiesRequest;
import p4.v1.CapabilitiesResponse;
import p4.v1.Entity;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest;
import p4.v1.P4RuntimeGrpc;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.PacketOut;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.StreamError;
import p4.v1.Uint128;
import p4.v1.Update;
import p4.v1.WriteRequest;

/**
 * A controller's session with one P4Runtime switch (device id, role, election id): the
 * StreamChannel with arbitration and packet I/O, and one small port per unary RPC.
 *
 * <pre class="code">
 * try (P4RuntimeClient sw = P4RuntimeClient.forAddress("127.0.0.1", 9559).deviceId(1).electionId(10).connect()) {
 * 	sw.awaitArbitration(Duration.ofSeconds(5));
 * 	sw.setPipeline(p4Info, new byte[0], 1, Action.VERIFY_AND_COMMIT);
 * 	sw.write(List.of(Updates.insert(entry)));
 * }
 * </pre>
 *
 * Failures are typed: {@link SwitchUnreachable} when the switch does not answer,
 * {@link WriteRejected} for refused writes (with one status per update),
 * {@link NotPrimary}, {@link PipelineRejected}, {@link ReadRejected},
 * {@link ArbitrationRefused}; each names the switch. Thread-safe.
 */
public final class P4RuntimeClient implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(P4RuntimeClient.class.getName());

	/**
	 * A refused Write carries one error per update in its trailers (spec §12.3), about
	 * 100 bytes each: gRPC's 8 KiB default would turn a refused batch of a few hundred
	 * updates into an opaque "header size exceeded" failure.
	 */
	public static final int MAX_TRAILERS = 8 * 1024 * 1024;

	private final SwitchEndpoint endpoint;

	private final ManagedChannel channel;

	private final boolean ownsChannel;

	private final Duration rpcTimeout;

	private final StreamChannelPort stream;

	private final WritePort writes;

	private final ReadPort reads;

	private final PipelinePort pipelines;

	private final P4RuntimeGrpc.P4RuntimeBlockingStub blocking;

	private volatile boolean closed;

	private P4RuntimeClient(Builder builder, ManagedChannel channel) {
		this.endpoint = new SwitchEndpoint(builder.address, builder.deviceId);
		this.channel = channel;
		this.ownsChannel = builder.ownsChannel;
		this.rpcTimeout = builder.rpcTimeout;
		this.blocking = P4RuntimeGrpc.newBlockingStub(this.channel);
		this.stream = new StreamChannelPort(P4RuntimeGrpc.newStub(this.channel), this.endpoint, builder.role,
				builder.electionId);
		this.writes = new WritePort(this.blocking, this.endpoint, builder.role);
		this.reads = new ReadPort(this.blocking, this.endpoint, builder.role);
		this.pipelines = new PipelinePort(this.blocking, this.endpoint, builder.role);
	}

	/** A plaintext connection to {@code host:port}. */
	public static Builder forAddress(String host, int port) {
		return new Builder(() -> NettyChannelBuilder.forAddress(host, port)
			.usePlaintext()
			.maxInboundMessageSize(64 * 1024 * 1024)
			.maxInboundMetadataSize(MAX_TRAILERS)
			.build(), host + ":" + port, true);
	}

	/**
	 * A connection over a channel the caller built (e.g. with TLS); the caller keeps
	 * ownership and shuts it down.
	 * @param address how to name the switch in logs and errors
	 */
	public static Builder forChannel(ManagedChannel channel, String address) {
		Objects.requireNonNull(channel);
		return new Builder(() -> channel, address, false);
	}

	public SwitchEndpoint endpoint() {
		return this.endpoint;
	}

	/** What the switch last said about this client's role. */
	public Mastership mastership() {
		return this.stream.mastership();
	}

	public boolean isPrimary() {
		return this.stream.mastership().isPrimary();
	}

	/**
	 * Waits for the switch's answer to the latest arbitration request.
	 * @throws ArbitrationRefused if the switch ended the stream instead of answering
	 * @throws SwitchUnreachable if the stream broke or no answer came in time
	 */
	public Mastership awaitArbitration(Duration timeout) {
		return this.stream.awaitAnswer(timeout);
	}

	/**
	 * Waits until the switch says this client is primary.
	 * @throws NotPrimary if it has not within {@code timeout}
	 */
	public Mastership awaitPrimary(Duration timeout) {
		Mastership mastership = this.stream.await(Mastership::isPrimary, timeout);
		if (!mastership.isPrimary()) {
			throw new NotPrimary(this.endpoint, "wait for mastership", mastership, "still " + mastership, null);
		}
		return mastership;
	}

	/** Waits until the mastership reaches {@code state} or the timeout passes. */
	public Mastership awaitMastership(Mastership.State state, Duration timeout) {
		return this.stream.await((m) -> m.state() == state, timeout);
	}

	/**
	 * Called with every arbitration answer and when the stream ends, on a gRPC thread.
	 */
	public void onMastershipChange(Consumer<Mastership> listener) {
		this.stream.onMastershipChange(Objects.requireNonNull(listener));
	}

	/**
	 * Re-arbitrates on the live stream with another election id, e.g. a backup taking
	 * over after the primary left (it must reach the highest id the switch has seen).
	 */
	public void updateElectionId(Uint128 electionId) {
		this.stream.arbitrate(Objects.requireNonNull(electionId));
	}

	public Optional<Uint128> electionId() {
		return Optional.ofNullable(this.stream.electionId());
	}

	/** Opens a new StreamChannel with the same identity, e.g. after a switch restart. */
	public void reconnect() {
		requireOpen();
		this.stream.open();
	}

	/** A CONTINUE_ON_ERROR batch; see {@link #write(List, WriteRequest.Atomicity)}. */
	public List<UpdateStatus> write(List<Update> updates) {
		return write(updates, WriteRequest.Atomicity.CONTINUE_ON_ERROR);
	}

	/**
	 * Sends one Write batch.
	 * @return one OK status per update, in order
	 * @throws WriteRejected with the gRPC code and, if some updates failed, one
	 * {@link UpdateStatus} per update
	 * @throws SwitchUnreachable if the switch did not answer
	 */
	public List<UpdateStatus> write(List<Update> updates, WriteRequest.Atomicity atomicity) {
		requireOpen();
		return this.writes.write(updates, atomicity, this.stream.electionId(), this.rpcTimeout);
	}

	/**
	 * Reads the entities the requests select (wildcards as the specification defines).
	 * @throws ReadRejected if the switch refused the read or some of its requests
	 */
	public List<Entity> read(List<Entity> requests) {
		requireOpen();
		return this.reads.read(requests, this.rpcTimeout);
	}

	/**
	 * SetForwardingPipelineConfig with this client's election id.
	 * @throws NotPrimary if the switch answered PERMISSION_DENIED
	 * @throws PipelineRejected for any other refusal; the message says why
	 */
	public void setPipeline(P4Info p4Info, byte[] deviceConfig, long cookie,
			SetForwardingPipelineConfigRequest.Action action) {
		requireOpen();
		this.pipelines.set(p4Info, deviceConfig, cookie, action, this.stream.electionId(), this.stream.mastership(),
				this.rpcTimeout);
	}

	/** The switch's pipeline config as {@code type} asks; empty if it has none. */
	public Optional<ForwardingPipelineConfig> getPipeline(GetForwardingPipelineConfigRequest.ResponseType type) {
		requireOpen();
		return this.pipelines.get(type, this.rpcTimeout);
	}

	/**
	 * Sends a packet out of the switch (spec §16.1): one metadata value per field of the
	 * program's packet_out header.
	 * @throws NotPrimary unless this client is primary
	 * @throws SwitchUnreachable if the stream has ended
	 */
	public void packetOut(byte[] payload, List<PacketMetadata> metadata) {
		requireOpen();
		this.stream.packetOut(
				PacketOut.newBuilder().setPayload(ByteString.copyFrom(payload)).addAllMetadata(metadata).build());
	}

	/** Where PacketIns go; called on a gRPC thread, one packet at a time. */
	public void onPacketIn(Consumer<PacketIn> consumer) {
		this.stream.onPacketIn(Objects.requireNonNull(consumer));
	}

	/** Where StreamErrors go (e.g. a PacketOut the switch could not handle, §16.3). */
	public void onStreamError(Consumer<StreamError> consumer) {
		this.stream.onStreamError(Objects.requireNonNull(consumer));
	}

	/** The switch's P4Runtime API version and capabilities (spec §17). */
	public CapabilitiesResponse capabilities() {
		requireOpen();
		try {
			return this.blocking.withDeadlineAfter(this.rpcTimeout.toMillis(), TimeUnit.MILLISECONDS)
				.capabilities(CapabilitiesRequest.getDefaultInstance());
		}
		catch (StatusRuntimeException ex) {
			if (Failures.isUnreachable(ex.getStatus())) {
				throw Failures.unreachable(this.endpoint, "capabilities", ex.getStatus(), ex);
			}
			throw new P4RuntimeCallFailed(this.endpoint, "capabilities", ex.getStatus().getCode(),
					Failures.describe(ex.getStatus()), ex);
		}
	}

	private void requireOpen() {
		if (this.closed) {
			throw new IllegalStateException("the client of " + this.endpoint + " is closed");
		}
	}

	/**
	 * Ends the stream gracefully (the switch then elects another primary at once), then
	 * shuts down the channel if this client built it.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		Duration grace = Duration.ofSeconds(2);
		this.stream.close(grace);
		if (this.ownsChannel) {
			this.channel.shutdown();
			try {
				if (!this.channel.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
					this.channel.shutdownNow();
				}
			}
			catch (InterruptedException ex) {
				this.channel.shutdownNow();
				Thread.currentThread().interrupt();
			}
		}
		logger.log(Level.DEBUG, () -> this.endpoint + ": client closed");
	}

	@Override
	public String toString() {
		return "P4RuntimeClient(" + this.endpoint + ", " + mastership() + ")";
	}

	/** Identity and options of a session; {@link #connect()} opens it. */
	public static final class Builder {

		private final Supplier<ManagedChannel> channel;

		private final String address;

		private final boolean ownsChannel;

		private long deviceId = 1;

		private String role = "";

		private Uint128 electionId;

		private Duration rpcTimeout = Duration.ofSeconds(10);

		private Builder(Supplier<ManagedChannel> channel, String address, boolean ownsChannel) {
			this.channel = channel;
			this.address = Objects.requireNonNull(address);
			this.ownsChannel = ownsChannel;
		}

		/** Non-zero (spec §5.1); 1 unless set. */
		public Builder deviceId(long deviceId) {
			if (deviceId == 0) {
				throw new IllegalArgumentException("device_id must be non-zero");
			}
			this.deviceId = deviceId;
			return this;
		}

		/** The role name; empty (the default) means full access. */
		public Builder role(String role) {
			this.role = Objects.requireNonNull(role);
			return this;
		}

		/**
		 * Unset (the default) makes the client an observer that never becomes primary.
		 */
		public Builder electionId(Uint128 electionId) {
			this.electionId = electionId;
			return this;
		}

		public Builder electionId(long low) {
			return electionId(ElectionIds.of(low));
		}

		/** Deadline of each unary call; 10 s unless set. */
		public Builder rpcTimeout(Duration rpcTimeout) {
			this.rpcTimeout = Objects.requireNonNull(rpcTimeout);
			return this;
		}

		/** Opens the StreamChannel and sends the arbitration request; does not wait. */
		public P4RuntimeClient connect() {
			P4RuntimeClient client = new P4RuntimeClient(this, this.channel.get());
			client.stream.open();
			logger.log(Level.DEBUG, () -> client.endpoint + ": stream opened, role '" + this.role + "', election id "
					+ ((this.electionId != null) ? ElectionIds.format(this.electionId) : "(observer)"));
			return client;
		}

	}

}
