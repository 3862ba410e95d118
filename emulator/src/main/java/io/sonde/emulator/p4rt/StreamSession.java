package io.sonde.emulator.p4rt;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.sonde.p4runtime.arbitration.ArbitrationRejected;
import io.sonde.p4runtime.arbitration.ArbitrationStream;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.PacketIn;
import p4.v1.PacketOut;
import p4.v1.PacketOutError;
import p4.v1.StreamError;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;

/**
 * One StreamChannel call (spec §16): arbitration through the switch's
 * {@link io.sonde.p4runtime.arbitration.Arbitration}, PacketOut from the primary to the
 * data plane, PacketIn to the primary. Problems with a single stream message are reported
 * with a StreamError and the stream stays up (§16.3); only arbitration refusals end it.
 * <p>
 * Messages reach the client from several threads (this call's, other calls' arbitration,
 * the data plane's packet-ins), so every send holds {@code sendLock}.
 * <p>
 * PacketIns wait in a bounded queue, the switch's CPU port, while gRPC's outbound buffer
 * is full (about 32 KiB: thirty 1 KB frames), and go out as the client reads. Without it
 * a burst the data plane makes faster than loopback drains, as every virtual-time run
 * does, loses packets by the host's speed instead of by the emulated network.
 */
final class StreamSession implements StreamObserver<StreamMessageRequest> {

	private static final System.Logger logger = System.getLogger(StreamSession.class.getName());

	/**
	 * Payload bytes of PacketIns the CPU port holds for a client that is not keeping up;
	 * beyond them it drops.
	 */
	static final int CPU_PORT_QUEUE_BYTES = 4 << 20;

	private final String switchName;

	private final ControllerSessions sessions;

	private final ServerCallStreamObserver<StreamMessageResponse> responses;

	private final PacketDelivery delivery;

	private final ArbitrationStream arbitration;

	private final Object sendLock = new Object();

	private final ArrayDeque<PacketIn> queuedPacketIns = new ArrayDeque<>();

	private int queuedBytes;

	private boolean ended;

	/** What the session needs from its switch to handle packets. */
	interface PacketDelivery {

		PacketIoLayout layout();

		PacketOutHandler handler();

	}

	StreamSession(String switchName, ControllerSessions sessions, StreamObserver<StreamMessageResponse> responses,
			PacketDelivery delivery) {
		this.switchName = switchName;
		this.sessions = sessions;
		this.responses = (ServerCallStreamObserver<StreamMessageResponse>) responses;
		this.delivery = delivery;
		this.arbitration = sessions.arbitration().openStream(this::sendArbitration);
		this.responses.setOnCancelHandler(this::closed);
		this.responses.setOnReadyHandler(this::sendQueuedPacketIns);
		sessions.add(this);
	}

	@Override
	public void onNext(StreamMessageRequest request) {
		switch (request.getUpdateCase()) {
			case ARBITRATION -> arbitrate(request.getArbitration());
			case PACKET -> packetOut(request.getPacket());
			case DIGEST_ACK -> streamError(Status.Code.UNIMPLEMENTED, "the emulator sends no digests", null);
			case OTHER -> streamError(Status.Code.UNIMPLEMENTED, "unknown stream message", null);
			default -> streamError(Status.Code.INVALID_ARGUMENT, "empty stream message", null);
		}
	}

	private void arbitrate(MasterArbitrationUpdate update) {
		try {
			this.arbitration.arbitrate(update);
		}
		catch (ArbitrationRejected ex) {
			logger.log(Level.INFO, () -> this.switchName + ": arbitration refused: " + ex.getMessage());
			end(ex.toStatus());
		}
	}

	private void packetOut(PacketOut packet) {
		if (this.arbitration.role().isEmpty()) {
			streamError(Status.Code.FAILED_PRECONDITION, "arbitrate before sending packets", packet);
			return;
		}
		if (!this.arbitration.isPrimary()) {
			streamError(Status.Code.PERMISSION_DENIED, "only the primary controller sends packets", packet);
			return;
		}
		int egressPort;
		try {
			egressPort = this.delivery.layout().egressPort(packet);
		}
		catch (RequestRefused ex) {
			streamError(ex.code(), ex.getMessage(), packet);
			return;
		}
		PacketOutHandler handler = this.delivery.handler();
		if (handler == null) {
			streamError(Status.Code.UNAVAILABLE, "no data plane is attached to " + this.switchName, packet);
			return;
		}
		handler.packetOut(packet.getPayload().toByteArray(), egressPort);
	}

	boolean isPrimary() {
		return this.arbitration.isPrimary();
	}

	/**
	 * Sends a packet-in, or queues it behind the ones gRPC cannot take yet; drops it when
	 * the queue holds {@link #CPU_PORT_QUEUE_BYTES} already: a switch's CPU port drops
	 * rather than queues without bound.
	 * @return true if the packet was handed to gRPC or queued
	 */
	boolean sendPacketIn(PacketIn packet) {
		synchronized (this.sendLock) {
			if (this.ended) {
				return false;
			}
			if (this.queuedPacketIns.isEmpty() && this.responses.isReady()) {
				this.responses.onNext(StreamMessageResponse.newBuilder().setPacket(packet).build());
				return true;
			}
			int bytes = packet.getPayload().size();
			if (this.queuedBytes + bytes > CPU_PORT_QUEUE_BYTES) {
				return false;
			}
			this.queuedPacketIns.add(packet);
			this.queuedBytes += bytes;
			return true;
		}
	}

	/** gRPC can take more: the queued packet-ins go, oldest first, while it can. */
	private void sendQueuedPacketIns() {
		synchronized (this.sendLock) {
			while (!this.ended && !this.queuedPacketIns.isEmpty() && this.responses.isReady()) {
				PacketIn packet = this.queuedPacketIns.poll();
				this.queuedBytes -= packet.getPayload().size();
				this.responses.onNext(StreamMessageResponse.newBuilder().setPacket(packet).build());
			}
		}
	}

	private void sendArbitration(MasterArbitrationUpdate update) {
		send(StreamMessageResponse.newBuilder().setArbitration(update).build());
	}

	private void streamError(Status.Code code, String message, PacketOut packet) {
		StreamError.Builder error = StreamError.newBuilder().setCanonicalCode(code.value()).setMessage(message);
		if (packet != null) {
			error.setPacketOut(PacketOutError.newBuilder().setPacketOut(packet));
		}
		logger.log(Level.DEBUG, () -> this.switchName + ": stream error " + code + ": " + message);
		send(StreamMessageResponse.newBuilder().setError(error).build());
	}

	private void send(StreamMessageResponse response) {
		synchronized (this.sendLock) {
			if (!this.ended) {
				this.responses.onNext(response);
			}
		}
	}

	/** Ends the call from the switch's side, e.g. on a restart. */
	void end(Status status) {
		synchronized (this.sendLock) {
			if (this.ended) {
				return;
			}
			this.ended = true;
			this.responses.onError(status.asRuntimeException());
		}
		closed();
	}

	@Override
	public void onError(Throwable cause) {
		closed();
	}

	@Override
	public void onCompleted() {
		// The client half-closed: finish our half too, then leave the arbitration.
		synchronized (this.sendLock) {
			if (!this.ended) {
				this.ended = true;
				this.responses.onCompleted();
			}
		}
		closed();
	}

	private void closed() {
		synchronized (this.sendLock) {
			this.ended = true;
			this.queuedPacketIns.clear();
			this.queuedBytes = 0;
		}
		this.arbitration.close();
		this.sessions.remove(this);
	}

}
