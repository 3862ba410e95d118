package io.sonde.emulator.p4rt;

import java.util.List;

import com.google.protobuf.Any;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;

/**
 * The status of a Write or Read batch where some items failed (spec §10, §12.3, §13.3):
 * code UNKNOWN and exactly one packed {@code p4.v1.Error} per item, in request order,
 * successful ones with canonical code OK and nothing else.
 */
final class BatchErrors {

	private BatchErrors() {
	}

	static boolean allOk(List<Status> statuses) {
		return statuses.stream().allMatch(Status::isOk);
	}

	static StatusRuntimeException of(String message, List<Status> statuses) {
		com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder()
			.setCode(Status.Code.UNKNOWN.value())
			.setMessage(message);
		for (Status item : statuses) {
			p4.v1.Error.Builder error = p4.v1.Error.newBuilder().setCanonicalCode(item.getCode().value());
			if (!item.isOk() && item.getDescription() != null) {
				error.setMessage(item.getDescription());
			}
			status.addDetails(Any.pack(error.build()));
		}
		return StatusProto.toStatusRuntimeException(status.build());
	}

}
