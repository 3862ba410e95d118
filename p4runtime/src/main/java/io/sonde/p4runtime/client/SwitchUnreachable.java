package io.sonde.p4runtime.client;

import io.grpc.Status;

/**
 * The switch did not answer: no connection, the connection broke, or no reply came in
 * time (UNAVAILABLE, DEADLINE_EXCEEDED). Worth retrying later; says nothing about the
 * request itself.
 */
public class SwitchUnreachable extends P4RuntimeCallFailed {

	public SwitchUnreachable(SwitchEndpoint endpoint, String operation, Status.Code code, String detail,
			Throwable cause) {
		super(endpoint, operation, code, detail, cause);
	}

}
