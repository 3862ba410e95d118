package io.sonde.p4runtime.entity;

import io.grpc.Status;

/**
 * An entity the builders refuse to produce because a P4Runtime server would reject it.
 * Failing here names the table and field at fault, where the server's answer would only
 * be a code in a per-update error. {@link #code()} is the code a server would use.
 */
public class InvalidEntity extends RuntimeException {

	private final String entity;

	private final Status.Code code;

	public InvalidEntity(String entity, Status.Code code, String problem) {
		super(entity + ": " + problem);
		this.entity = entity;
		this.code = code;
	}

	static InvalidEntity invalid(String entity, String problem) {
		return new InvalidEntity(entity, Status.Code.INVALID_ARGUMENT, problem);
	}

	/** The object at fault, e.g. {@code table MyIngress.acl}. */
	public String entity() {
		return this.entity;
	}

	public Status.Code code() {
		return this.code;
	}

}
