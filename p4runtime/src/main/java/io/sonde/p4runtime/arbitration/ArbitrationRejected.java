package io.sonde.p4runtime.arbitration;

import io.grpc.Status;

/**
 * An arbitration request the server refuses (spec §5.3). The stream has already been
 * closed in the {@link Arbitration} when this is thrown; the server ends the
 * StreamChannel call with {@link #toStatus()}.
 */
public class ArbitrationRejected extends RuntimeException {

	private final Status.Code code;

	public ArbitrationRejected(Status.Code code, String reason) {
		super(code + ": " + reason);
		this.code = code;
	}

	public Status.Code code() {
		return this.code;
	}

	public Status toStatus() {
		return Status.fromCode(this.code).withDescription(getMessage());
	}

}
