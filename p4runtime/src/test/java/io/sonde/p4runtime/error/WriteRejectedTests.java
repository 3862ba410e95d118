package io.sonde.p4runtime.error;

import com.google.protobuf.Any;
import com.google.protobuf.StringValue;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WriteRejectedTests {

	private static Any error(Status.Code code, String message) {
		return Any.pack(p4.v1.Error.newBuilder()
			.setCanonicalCode(code.value())
			.setMessage(message)
			.setSpace((code == Status.Code.OK) ? "" : "sonde-emulator")
			.setCode((code == Status.Code.OK) ? 0 : 17)
			.build());
	}

	private static StatusRuntimeException writeFailure(Any... details) {
		com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
			.setCode(Status.Code.UNKNOWN.value())
			.setMessage("batch had errors")
			.addAllDetails(java.util.List.of(details))
			.build();
		return StatusProto.toStatusRuntimeException(status);
	}

	@Test
	void decodesOneStatusPerUpdateInRequestOrder() {
		WriteRejected rejected = WriteRejected.from("insert routes", writeFailure(error(Status.Code.OK, ""),
				error(Status.Code.ALREADY_EXISTS, "entry exists"), error(Status.Code.OK, "")));

		assertThat(rejected.code()).isEqualTo(Status.Code.UNKNOWN);
		assertThat(rejected.operation()).isEqualTo("insert routes");
		assertThat(rejected.updates()).hasSize(3);
		assertThat(rejected.updates().get(1))
			.isEqualTo(new UpdateStatus(1, Status.Code.ALREADY_EXISTS, "entry exists", "sonde-emulator", 17));
		assertThat(rejected.failedUpdates()).extracting(UpdateStatus::index).containsExactly(1);
		assertThat(rejected.describeFailures()).isEqualTo("update 1: ALREADY_EXISTS entry exists");
		assertThat(rejected).hasMessageContaining("insert routes failed with UNKNOWN")
			.hasMessageContaining("update 1: ALREADY_EXISTS")
			.hasCauseInstanceOf(StatusRuntimeException.class);
	}

	@Test
	void keepsRpcWideFailuresWithoutUpdates() {
		WriteRejected rejected = WriteRejected.from("insert routes",
				Status.PERMISSION_DENIED.withDescription("not primary").asRuntimeException());
		assertThat(rejected.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
		assertThat(rejected.updates()).isEmpty();
		assertThat(rejected.failedUpdates()).isEmpty();
		assertThat(rejected).hasMessageContaining("not primary");
	}

	@Test
	void keepsIndexesAlignedWhenADetailIsNotAP4Error() {
		WriteRejected rejected = WriteRejected.from("write",
				writeFailure(Any.pack(StringValue.of("odd")), error(Status.Code.NOT_FOUND, "no such entry")));
		assertThat(rejected.updates()).extracting(UpdateStatus::code)
			.containsExactly(Status.Code.UNKNOWN, Status.Code.NOT_FOUND);
		assertThat(rejected.failedUpdates()).extracting(UpdateStatus::index).containsExactly(0, 1);
	}

}
