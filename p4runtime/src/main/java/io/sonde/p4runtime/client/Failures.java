package io.sonde.p4runtime.client;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.sonde.p4runtime.error.UpdateStatus;

/** Turns gRPC failures into the client's exceptions. */
final class Failures {

	private Failures() {
	}

	/**
	 * UNAVAILABLE and DEADLINE_EXCEEDED say the switch did not answer, not that it
	 * refused.
	 */
	static boolean isUnreachable(Status status) {
		return status.getCode() == Status.Code.UNAVAILABLE || status.getCode() == Status.Code.DEADLINE_EXCEEDED;
	}

	static SwitchUnreachable unreachable(SwitchEndpoint endpoint, String operation, Status status, Throwable cause) {
		return new SwitchUnreachable(endpoint, operation, status.getCode(), describe(status), cause);
	}

	static String describe(Status status) {
		if (status.getDescription() != null) {
			return status.getDescription();
		}
		return (status.getCause() != null) ? status.getCause().toString() : null;
	}

	/** The per-item {@code p4.v1.Error}s of a batch failure, in request order. */
	static List<UpdateStatus> details(Throwable failure) {
		com.google.rpc.Status status = StatusProto.fromThrowable(failure);
		List<UpdateStatus> statuses = new ArrayList<>();
		if (status == null) {
			return statuses;
		}
		for (int i = 0; i < status.getDetailsCount(); i++) {
			Any detail = status.getDetails(i);
			try {
				p4.v1.Error error = detail.unpack(p4.v1.Error.class);
				statuses.add(new UpdateStatus(i, Status.fromCodeValue(error.getCanonicalCode()).getCode(),
						error.getMessage(), error.getSpace(), error.getCode()));
			}
			catch (InvalidProtocolBufferException ex) {
				statuses.add(new UpdateStatus(i, Status.Code.UNKNOWN, "detail is " + detail.getTypeUrl(), "", 0));
			}
		}
		return statuses;
	}

}
