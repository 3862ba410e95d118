package io.sonde.switches.internal.connection;

import java.util.Objects;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.sonde.p4runtime.client.P4RuntimeCallFailed;

/**
 * Says why a P4Runtime call failed in one short line, for a connection's last error: the
 * gRPC code and what lies under it ({@code UNAVAILABLE: Connection refused}). The switch,
 * its address and the call are known from where the error is shown, so they are left out.
 */
final class CallFailures {

	private CallFailures() {
	}

	static String describe(Throwable failure) {
		if (failure instanceof P4RuntimeCallFailed call) {
			String detail = detail(call);
			return call.code() + ((detail != null) ? ": " + detail : "");
		}
		String message = Objects.requireNonNullElse(failure.getMessage(), failure.getClass().getSimpleName());
		String root = rootMessage(failure);
		return (root != null && !message.contains(root)) ? message + " (" + root + ")" : message;
	}

	/**
	 * The deepest cause's message (gRPC's own description of a failed connection is just
	 * "io exception"), else the status description.
	 */
	private static String detail(P4RuntimeCallFailed call) {
		String root = rootMessage(call);
		if (root != null) {
			return root;
		}
		for (Throwable cause = call.getCause(); cause != null; cause = cause.getCause()) {
			if (cause instanceof StatusRuntimeException grpc) {
				Status status = grpc.getStatus();
				return status.getDescription();
			}
		}
		return null;
	}

	/** The message of the last cause in the chain, if it is not the failure itself. */
	private static String rootMessage(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		if (root == failure || root instanceof StatusRuntimeException) {
			return null;
		}
		return root.getMessage();
	}

}
