package io.sonde.switches.internal;

import java.util.Objects;

/**
 * Says why a probe failed in one line: the client's message (operation, switch, gRPC
 * code) and, when gRPC only said "io exception", the underlying cause (e.g. "Connection
 * refused").
 */
final class ProbeFailures {

	private ProbeFailures() {
	}

	static String describe(Throwable failure) {
		String message = Objects.requireNonNullElse(failure.getMessage(), failure.getClass().getSimpleName());
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		if (root != failure && root.getMessage() != null && !message.contains(root.getMessage())) {
			return message + " (" + root.getMessage() + ")";
		}
		return message;
	}

}
