package io.sonde.p4runtime.client;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.P4RuntimeGrpc;
import p4.v1.PacketIn;
import p4.v1.PacketOut;
import p4.v1.Role;
import p4.v1.StreamError;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;
import p4.v1.Uint128;

/**
 * The client's StreamChannel (spec §5, §16): sends the MasterArbitrationUpdate, tracks
 * what the switch answers (the first answer and every later notification), carries
 * PacketOut and PacketIn. One stream at a time; {@link #open()} replaces a dead one.
 * Callbacks run on gRPC's threads, one message at a time.
 */
final class StreamChannelPort {

	private static final System.Logger logger = System.getLogger(StreamChannelPort.class.getName());

	private final P4RuntimeGrpc.P4RuntimeStub stub;

	private final SwitchEndpoint endpoint;

	private final String role;

	private final Object lock = new Object();

	private final List<Consumer<Mastership>> listeners = new CopyOnWriteArrayList<>();

	private volatile Consumer<PacketIn> packetIns = (packet) -> {
	};

	private volatile Consumer<StreamError> streamErrors = (error) -> {
	};

	// Guarded by lock.
	private StreamObserver<StreamMessageRequest> requests;

	private Uint128 electionId;

	private int generation;

	private int answers;

	private Status ended;

	private Mastership mastership = Mastership.PENDING;

	StreamChannelPort(P4RuntimeGrpc.P4RuntimeStub stub, SwitchEndpoint endpoint, String role, Uint128 electionId) {
		this.stub = stub;
		this.endpoint = endpoint;
		this.role = role;
		this.electionId = electionId;
	}

	/** Opens a new stream (ending the current one, if any) and arbitrates on it. */
	void open() {
		StreamObserver<StreamMessageRequest> previous;
		synchronized (this.lock) {
			previous = (this.ended == null) ? this.requests : null;
			int current = ++this.generation;
			this.answers = 0;
			this.ended = null;
			this.mastership = Mastership.PENDING;
			this.requests = this.stub.streamChannel(new Responses(current));
			sendArbitrationLocked();
		}
		if (previous != null) {
			previous.onCompleted();
		}
	}

	/** Sends a new election id on the live stream, e.g. to take over as primary. */
	void arbitrate(Uint128 newElectionId) {
		synchronized (this.lock) {
			this.electionId = newElectionId;
			this.answers = 0;
			sendArbitrationLocked();
		}
	}

	private void sendArbitrationLocked() {
		MasterArbitrationUpdate.Builder update = MasterArbitrationUpdate.newBuilder()
			.setDeviceId(this.endpoint.deviceId());
		if (!this.role.isEmpty()) {
			update.setRole(Role.newBuilder().setName(this.role));
		}
		if (this.electionId != null) {
			update.setElectionId(this.electionId);
		}
		this.requests.onNext(StreamMessageRequest.newBuilder().setArbitration(update).build());
	}

	Uint128 electionId() {
		synchronized (this.lock) {
			return this.electionId;
		}
	}

	Mastership mastership() {
		synchronized (this.lock) {
			return this.mastership;
		}
	}

	/**
	 * Waits for the switch's answer to the latest arbitration request.
	 * @throws ArbitrationRefused if the switch ended the stream instead
	 * @throws SwitchUnreachable if the stream broke or no answer came in time
	 */
	Mastership awaitAnswer(Duration timeout) {
		synchronized (this.lock) {
			waitLocked(timeout, () -> this.answers > 0 || this.ended != null);
			if (this.answers > 0) {
				return this.mastership;
			}
			if (this.ended != null) {
				throw endedFailure("arbitration");
			}
			throw new SwitchUnreachable(this.endpoint, "arbitration", Status.Code.DEADLINE_EXCEEDED,
					"no arbitration answer within " + timeout, null);
		}
	}

	/** Waits until mastership satisfies {@code condition}; returns the last one seen. */
	Mastership await(Predicate<Mastership> condition, Duration timeout) {
		synchronized (this.lock) {
			waitLocked(timeout, () -> condition.test(this.mastership));
			return this.mastership;
		}
	}

	private void waitLocked(Duration timeout, java.util.function.BooleanSupplier done) {
		long deadline = System.nanoTime() + timeout.toNanos();
		try {
			while (!done.getAsBoolean()) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return;
				}
				this.lock.wait(Math.max(1, left / 1_000_000));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private P4RuntimeCallFailed endedFailure(String operation) {
		Status status = this.ended;
		if (Failures.isUnreachable(status) || status.isOk()) {
			return Failures.unreachable(this.endpoint, operation,
					status.isOk() ? Status.UNAVAILABLE.withDescription("the switch closed the stream") : status,
					status.getCause());
		}
		return new ArbitrationRefused(this.endpoint, operation, status.getCode(), Failures.describe(status),
				status.getCause());
	}

	void packetOut(PacketOut packet) {
		synchronized (this.lock) {
			if (this.ended != null) {
				throw endedFailure("packet-out");
			}
			if (!this.mastership.isPrimary()) {
				throw new NotPrimary(this.endpoint, "packet-out", this.mastership,
						"only the primary controller sends packets (spec §16.1)", null);
			}
			this.requests.onNext(StreamMessageRequest.newBuilder().setPacket(packet).build());
		}
	}

	void onMastershipChange(Consumer<Mastership> listener) {
		synchronized (this.lock) {
			this.listeners.add(listener);
		}
	}

	void onPacketIn(Consumer<PacketIn> consumer) {
		this.packetIns = consumer;
	}

	void onStreamError(Consumer<StreamError> consumer) {
		this.streamErrors = consumer;
	}

	/** Half-closes the stream and waits up to {@code grace} for the switch to end it. */
	void close(Duration grace) {
		synchronized (this.lock) {
			if (this.requests != null && this.ended == null) {
				try {
					this.requests.onCompleted();
				}
				catch (IllegalStateException ex) {
					// The call was cancelled meanwhile (a deadline, the channel going
					// away): there is nothing left to end.
					return;
				}
				waitLocked(grace, () -> this.ended != null);
			}
		}
	}

	private void answered(int streamGeneration, MasterArbitrationUpdate update) {
		Mastership next;
		List<Consumer<Mastership>> told;
		synchronized (this.lock) {
			if (streamGeneration != this.generation) {
				return;
			}
			Status.Code code = Status.fromCodeValue(update.getStatus().getCode()).getCode();
			Mastership.State state = switch (code) {
				case OK -> Mastership.State.PRIMARY;
				case ALREADY_EXISTS -> Mastership.State.BACKUP;
				default -> Mastership.State.NO_PRIMARY;
			};
			next = new Mastership(state, update.hasElectionId() ? update.getElectionId() : null,
					update.getStatus().getMessage());
			this.mastership = next;
			this.answers++;
			this.lock.notifyAll();
			// Taken with the state change: a listener added after a caller saw this state
			// must not be told it again.
			told = List.copyOf(this.listeners);
		}
		logger.log(Level.INFO, () -> this.endpoint + ": " + next);
		told.forEach((listener) -> listener.accept(next));
	}

	private void streamEnded(int streamGeneration, Status status) {
		Mastership next;
		List<Consumer<Mastership>> told;
		synchronized (this.lock) {
			if (streamGeneration != this.generation) {
				return;
			}
			this.ended = status;
			next = new Mastership(Mastership.State.DISCONNECTED, this.mastership.highestElectionId(),
					status.isOk() ? "stream closed" : status.getCode() + " " + Failures.describe(status));
			this.mastership = next;
			this.lock.notifyAll();
			told = List.copyOf(this.listeners);
		}
		logger.log(status.isOk() ? Level.DEBUG : Level.INFO, () -> this.endpoint + ": stream ended: " + next);
		told.forEach((listener) -> listener.accept(next));
	}

	/** The switch's side of one stream; callbacks of replaced streams are ignored. */
	private final class Responses implements StreamObserver<StreamMessageResponse> {

		private final int streamGeneration;

		Responses(int streamGeneration) {
			this.streamGeneration = streamGeneration;
		}

		@Override
		public void onNext(StreamMessageResponse response) {
			switch (response.getUpdateCase()) {
				case ARBITRATION -> answered(this.streamGeneration, response.getArbitration());
				case PACKET -> StreamChannelPort.this.packetIns.accept(response.getPacket());
				case ERROR -> StreamChannelPort.this.streamErrors.accept(response.getError());
				default -> logger.log(Level.DEBUG,
						() -> StreamChannelPort.this.endpoint + ": ignored stream message " + response.getUpdateCase());
			}
		}

		@Override
		public void onError(Throwable cause) {
			streamEnded(this.streamGeneration, Status.fromThrowable(cause));
		}

		@Override
		public void onCompleted() {
			streamEnded(this.streamGeneration, Status.OK);
		}

	}

}
