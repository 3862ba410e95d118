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

	/**
	 * Whether Redis's answer was NOGROUP, or Redis 7's "UNBLOCKED the stream key no
	 * longer exists" to a read waiting on a stream that was deleted (FLUSHALL).
	 */
	static boolean isNoGroup(Throwable error) {
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			String message = cause.getMessage();
			if (cause instanceof ConsumerGroupMissing || (message != null
					&& (message.startsWith("NOGROUP") || message.startsWith("UNBLOCKED the stream key no longer")))) {
				return true;
			}
		}
		return false;
	}

}
