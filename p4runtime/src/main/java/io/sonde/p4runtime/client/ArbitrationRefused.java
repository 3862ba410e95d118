package io.sonde.p4runtime.client;

import io.grpc.Status;

/**
 * The switch ended the StreamChannel instead of answering the arbitration (spec §5.3):
 * NOT_FOUND for an unknown device id, INVALID_ARGUMENT for an election id another live
 * client uses, FAILED_PRECONDITION for a device or role changed on a live stream.
 */
public class ArbitrationRefused extends P4RuntimeCallFailed {

	public ArbitrationRefused(SwitchEndpoint endpoint, String operation, Status.Code code, String detail,
			Throwable cause) {
		super(endpoint, operation, code, detail, cause);
	}

}
