package io.sonde.p4runtime;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.P4RuntimeGrpc;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;
import p4.v1.Uint128;

/** A controller's StreamChannel in tests: sends arbitration, queues what comes back. */
final class StreamClient implements AutoCloseable {

	private final BlockingQueue<StreamMessageResponse> received = new LinkedBlockingQueue<>();

	private final CompletableFuture<Status> ended = new CompletableFuture<>();

	private final StreamObserver<StreamMessageRequest> requests;

	StreamClient(P4RuntimeGrpc.P4RuntimeStub stub) {
		this.requests = stub.streamChannel(new StreamObserver<>() {

			@Override
			public void onNext(StreamMessageResponse response) {
				StreamClient.this.received.add(response);
			}

			@Override
			public void onError(Throwable cause) {
				StreamClient.this.ended.complete(Status.fromThrowable(cause));
			}

			@Override
			public void onCompleted() {
				StreamClient.this.ended.complete(Status.OK);
			}

		});
	}

	StreamClient arbitrate(long deviceId, Uint128 electionId) {
		this.requests.onNext(StreamMessageRequest.newBuilder()
			.setArbitration(MasterArbitrationUpdate.newBuilder().setDeviceId(deviceId).setElectionId(electionId))
			.build());
		return this;
	}

	/** The next arbitration update, failing after {@code timeout}. */
	MasterArbitrationUpdate nextArbitration(Duration timeout) throws InterruptedException {
		StreamMessageResponse response = this.received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (response == null) {
			throw new AssertionError("no arbitration update within " + timeout);
		}
		return response.getArbitration();
	}

	/** The status the server ended the stream with, failing after {@code timeout}. */
	Status endStatus(Duration timeout) throws Exception {
		return this.ended.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public void close() {
		if (!this.ended.isDone()) {
			this.requests.onCompleted();
		}
	}

}
