package io.sonde.p4runtime.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import p4.v1.P4RuntimeGrpc;
import p4.v1.Uint128;
import p4.v1.Update;
import p4.v1.WriteRequest;

/** The Write RPC (spec §12): one batch, one status per update. */
final class WritePort {

	private final P4RuntimeGrpc.P4RuntimeBlockingStub stub;

	private final SwitchEndpoint endpoint;

	private final String role;

	WritePort(P4RuntimeGrpc.P4RuntimeBlockingStub stub, SwitchEndpoint endpoint, String role) {
		this.stub = stub;
		this.endpoint = endpoint;
		this.role = role;
	}

	List<UpdateStatus> write(List<Update> updates, WriteRequest.Atomicity atomicity, Uint128 electionId,
			Duration timeout) {
		WriteRequest.Builder request = WriteRequest.newBuilder()
			.setDeviceId(this.endpoint.deviceId())
			.setRole(this.role)
			.setAtomicity(atomicity)
			.addAllUpdates(updates);
		if (electionId != null) {
			request.setElectionId(electionId);
		}
		String operation = "write of " + updates.size() + " update(s) to " + this.endpoint;
		try {
			this.stub.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS).write(request.build());
		}
		catch (StatusRuntimeException ex) {
			if (Failures.isUnreachable(ex.getStatus())) {
				throw Failures.unreachable(this.endpoint, "write", ex.getStatus(), ex);
			}
			throw WriteRejected.from(operation, ex);
		}
		List<UpdateStatus> statuses = new ArrayList<>(updates.size());
		for (int i = 0; i < updates.size(); i++) {
			statuses.add(new UpdateStatus(i, Status.Code.OK, "", "", 0));
		}
		return statuses;
	}

}
