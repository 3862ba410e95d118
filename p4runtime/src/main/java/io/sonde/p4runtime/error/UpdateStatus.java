package io.sonde.p4runtime.error;

import io.grpc.Status;

/**
 * The outcome of one update of a failed Write, decoded from a {@code p4.v1.Error}.
 *
 * @param index position of the update in the WriteRequest
 * @param code the canonical gRPC code; OK for updates that succeeded
 * @param space target-specific error space, empty if none
 * @param targetCode code within {@code space}
 */
public record UpdateStatus(int index, Status.Code code, String message, String space, int targetCode) {

	public boolean failed() {
		return this.code != Status.Code.OK;
	}

	@Override
	public String toString() {
		return "update " + this.index + ": " + this.code + (this.message.isEmpty() ? "" : " " + this.message);
	}

}
