package io.sonde.ingest.internal;

/**
 * The consumer group is not on the stream (Redis answered NOGROUP, or XINFO does not list
 * it): Redis was emptied, restarted without persistence, or replaced.
 */
final class ConsumerGroupMissing extends IllegalStateException {

	ConsumerGroupMissing(String stream, String group, Throwable cause) {
		super("consumer group '" + group + "' of " + stream + " is missing"
				+ ((cause != null) ? " (" + cause.getMessage() + ")" : ""), cause);
	}

	/** Whether Redis's answer was NOGROUP. */
	static boolean isNoGroup(Throwable error) {
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			if (cause instanceof ConsumerGroupMissing
					|| (cause.getMessage() != null && cause.getMessage().startsWith("NOGROUP"))) {
				return true;
			}
		}
		return false;
	}

}
