package io.sonde.p4runtime.client;

import io.grpc.Status;

/**
 * A P4Runtime call that did not succeed: which switch, what the client was doing and the
 * gRPC code. Subtypes name the facts a controller reacts to differently.
 */
public class P4RuntimeCallFailed extends RuntimeException {

	private final SwitchEndpoint endpoint;

	private final String operation;

	private final Status.Code code;

	public P4RuntimeCallFailed(SwitchEndpoint endpoint, String operation, Status.Code code, String detail,
			Throwable cause) {
		super(operation + " on " + endpoint + " failed with " + code + ((detail != null) ? ": " + detail : ""), cause);
		this.endpoint = endpoint;
		this.operation = operation;
		this.code = code;
	}

	public SwitchEndpoint endpoint() {
		return this.endpoint;
	}

	/** What the client was doing, e.g. {@code "set pipeline (VERIFY_AND_COMMIT)"}. */
	public String operation() {
		return this.operation;
	}

	public Status.Code code() {
		return this.code;
	}

}
