package io.sonde.p4runtime.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import p4.v1.P4RuntimeGrpc;
import p4.v1.StreamMessageRequest;
import p4.v1.StreamMessageResponse;
import p4.v1.WriteRequest;
import p4.v1.WriteResponse;

/**
 * A P4Runtime server on 127.0.0.1 that accepts calls and never answers them: a hung
 * switch, which no real implementation here can be made to be. It records whether the
 * client half-closed its stream.
 */
final class SilentSwitch implements AutoCloseable {

	private final Server server;

	private final CountDownLatch streamHalfClosed = new CountDownLatch(1);

	SilentSwitch() throws IOException {
		this.server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
			.addService(new P4RuntimeGrpc.P4RuntimeImplBase() {

				@Override
				public void write(WriteRequest request, StreamObserver<WriteResponse> response) {
					// Never answers: the client's deadline must end the call.
				}

				@Override
				public StreamObserver<StreamMessageRequest> streamChannel(
						StreamObserver<StreamMessageResponse> response) {
					return new StreamObserver<>() {

						@Override
						public void onNext(StreamMessageRequest request) {
						}

						@Override
						public void onError(Throwable cause) {
						}

						@Override
						public void onCompleted() {
							SilentSwitch.this.streamHalfClosed.countDown();
							response.onCompleted();
						}

					};
				}

			})
			.build()
			.start();
	}

	int port() {
		return this.server.getPort();
	}

	boolean awaitStreamHalfClosed() throws InterruptedException {
		return this.streamHalfClosed.await(10, TimeUnit.SECONDS);
	}

	@Override
	public void close() throws InterruptedException {
		this.server.shutdownNow();
		this.server.awaitTermination(10, TimeUnit.SECONDS);
	}

}
