package io.sonde.ingest.internal;

import io.lettuce.core.Range;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.sync.RedisCommands;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every consumer of a stream in a group gets its group back after Redis lost it: one
 * place, so the events ingest and the NIC agents' ingest heal alike.
 */
public final class ConsumerGroupHealing {

	private static final Logger log = LoggerFactory.getLogger(ConsumerGroupHealing.class);

	private ConsumerGroupHealing() {
	}

	/**
	 * XGROUP CREATE ... MKSTREAM from the last entry the consumer acknowledged when the
	 * stream still holds it (the group alone was lost), else from the stream's first
	 * entry (the stream was lost too: what it holds now was published since, and none of
	 * it was read). Another consumer or the migrations may have made it meanwhile: that
	 * group stays.
	 * @param lastAcknowledged null when the consumer acknowledged nothing yet
	 */
	public static void createAgain(RedisCommands<String, String> commands, String stream, String group,
			String lastAcknowledged) {
		String from = "0";
		if (lastAcknowledged != null
				&& !commands.xrange(stream, Range.create(lastAcknowledged, lastAcknowledged)).isEmpty()) {
			from = lastAcknowledged;
		}
		try {
			commands.xgroupCreate(XReadArgs.StreamOffset.from(stream, from), group,
					XGroupCreateArgs.Builder.mkstream());
			log.warn("Created consumer group {} of {} again, from {}", group, stream,
					"0".equals(from) ? "the stream's first entry" : "entry " + from);
		}
		catch (RedisCommandExecutionException ex) {
			if (!String.valueOf(ex.getMessage()).startsWith("BUSYGROUP")) {
				throw ex;
			}
		}
	}

	/** Whether Redis's answer says the group (or its stream) is gone. */
	public static boolean isGroupMissing(Throwable error) {
		return ConsumerGroupMissing.isNoGroup(error);
	}

	/** The later of two entry ids; {@code current} may be null. */
	public static String newer(String current, String candidate) {
		return StreamIds.newer(current, candidate);
	}

}
