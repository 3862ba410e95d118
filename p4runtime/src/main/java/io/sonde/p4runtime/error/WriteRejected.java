package io.sonde.p4runtime.error;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;

/**
 * A P4Runtime Write that failed, with the gRPC code, the operation that issued it, and
 * one {@link UpdateStatus} per update when the server reported them.
 * <p>
 * Spec §12.3: if some updates fail the RPC ends with UNKNOWN and the
 * {@code google.rpc.Status} details hold exactly one packed {@code p4.v1.Error} per
 * update, in request order, including OK ones. Any other code is an RPC-wide failure
 * (e.g. PERMISSION_DENIED when not primary) and carries no per-update details.
 */
public class WriteRejected extends RuntimeException {

	private final Status.Code code;

	private final String operation;

	private final List<UpdateStatus> updates;

	public WriteRejected(String operation, Status.Code code, String description, List<UpdateStatus> updates) {
		super(operation + " failed with " + code + ((description != null) ? ": " + description : "")
				+ summary(updates));
		this.operation = operation;
		this.code = code;
		this.updates = List.copyOf(updates);
	}

	/**
	 * Decodes a failed Write.
	 * @param operation what the write was for, e.g. {@code "insert ipv4_lpm entries"}
	 * @param failure the {@link StatusRuntimeException} or {@link StatusException} thrown
	 * by the stub
	 */
	public static WriteRejected from(String operation, Throwable failure) {
		Status status = Status.fromThrowable(failure);
		com.google.rpc.Status details = StatusProto.fromThrowable(failure);
		List<UpdateStatus> updates = (details != null) ? decode(details.getDetailsList()) : List.of();
		WriteRejected rejected = new WriteRejected(operation, status.getCode(), status.getDescription(), updates);
		rejected.initCause(failure);
		return rejected;
	}

	private static List<UpdateStatus> decode(List<Any> details) {
		List<UpdateStatus> updates = new ArrayList<>();
		for (int i = 0; i < details.size(); i++) {
			Any detail = details.get(i);
			if (!detail.is(p4.v1.Error.class)) {
				// Keep the position: indices must still line up with
				// the request's updates.
				updates.add(new UpdateStatus(i, Status.Code.UNKNOWN, "detail is " + detail.getTypeUrl(), "", 0));
				continue;
			}
			try {
				p4.v1.Error error = detail.unpack(p4.v1.Error.class);
				updates.add(new UpdateStatus(i, Status.fromCodeValue(error.getCanonicalCode()).getCode(),
						error.getMessage(), error.getSpace(), error.getCode()));
			}
			catch (InvalidProtocolBufferException ex) {
				updates.add(
						new UpdateStatus(i, Status.Code.UNKNOWN, "undecodable p4.v1.Error: " + ex.getMessage(), "", 0));
			}
		}
		return Collections.unmodifiableList(updates);
	}

	private static String summary(List<UpdateStatus> updates) {
		List<UpdateStatus> failed = updates.stream().filter(UpdateStatus::failed).toList();
		return failed.isEmpty() ? ""
				: " [" + failed.stream().map(UpdateStatus::toString).collect(Collectors.joining("; ")) + "]";
	}

	public Status.Code code() {
		return this.code;
	}

	public String operation() {
		return this.operation;
	}

	/** One status per update, in request order; empty for RPC-wide failures. */
	public List<UpdateStatus> updates() {
		return this.updates;
	}

	/** Only the updates that failed, with their index in the request. */
	public List<UpdateStatus> failedUpdates() {
		return this.updates.stream().filter(UpdateStatus::failed).toList();
	}

	/** One line per failed update: {@code update 1: ALREADY_EXISTS entry exists}. */
	public String describeFailures() {
		return failedUpdates().stream().map(UpdateStatus::toString).collect(Collectors.joining("\n"));
	}

}
