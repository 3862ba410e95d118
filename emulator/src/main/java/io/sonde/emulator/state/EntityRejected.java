package io.sonde.emulator.state;

import io.grpc.Status;

/**
 * An update or read request the switch refuses, with the canonical code the P4Runtime
 * specification prescribes for that mistake. The P4Runtime service turns it into the
 * {@code p4.v1.Error} of the update or read request at fault.
 */
public class EntityRejected extends RuntimeException {

	private final Status.Code code;

	public EntityRejected(Status.Code code, String message) {
		super(message);
		this.code = code;
	}

	static EntityRejected invalid(String message) {
		return new EntityRejected(Status.Code.INVALID_ARGUMENT, message);
	}

	public Status.Code code() {
		return this.code;
	}

	public Status toStatus() {
		return Status.fromCode(this.code).withDescription(getMessage());
	}

}
