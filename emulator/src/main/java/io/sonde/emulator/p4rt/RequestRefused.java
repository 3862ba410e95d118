package io.sonde.emulator.p4rt;

import io.grpc.Status;

/** A whole RPC the switch refuses, with the status the specification prescribes. */
final class RequestRefused extends RuntimeException {

	private final Status.Code code;

	RequestRefused(Status.Code code, String message) {
		super(message);
		this.code = code;
	}

	Status.Code code() {
		return this.code;
	}

	Status toStatus() {
		return Status.fromCode(this.code).withDescription(getMessage());
	}

}
