package io.sonde.p4runtime.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.grpc.StatusRuntimeException;
import p4.v1.Entity;
import p4.v1.P4RuntimeGrpc;
import p4.v1.ReadRequest;
import p4.v1.ReadResponse;

/** The Read RPC (spec §13): every response of the stream, gathered. */
final class ReadPort {

	private final P4RuntimeGrpc.P4RuntimeBlockingStub stub;

	private final SwitchEndpoint endpoint;

	private final String role;

	ReadPort(P4RuntimeGrpc.P4RuntimeBlockingStub stub, SwitchEndpoint endpoint, String role) {
		this.stub = stub;
		this.endpoint = endpoint;
		this.role = role;
	}

	List<Entity> read(List<Entity> entities, Duration timeout) {
		ReadRequest request = ReadRequest.newBuilder()
			.setDeviceId(this.endpoint.deviceId())
			.setRole(this.role)
			.addAllEntities(entities)
			.build();
		List<Entity> found = new ArrayList<>();
		try {
			Iterator<ReadResponse> responses = this.stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
				.read(request);
			while (responses.hasNext()) {
				found.addAll(responses.next().getEntitiesList());
			}
		}
		catch (StatusRuntimeException ex) {
			if (Failures.isUnreachable(ex.getStatus())) {
				throw Failures.unreachable(this.endpoint, "read", ex.getStatus(), ex);
			}
			throw new ReadRejected(this.endpoint, "read of " + entities.size() + " request(s)",
					ex.getStatus().getCode(), Failures.describe(ex.getStatus()), Failures.details(ex), ex);
		}
		return found;
	}

}
