package io.sonde.ingest.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.lettuce.core.Limit;
import io.lettuce.core.models.stream.PendingMessages;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * How far the group {@code backend} is behind its stream, measured by one of the
 * replica's consumers at most once per {@link #EVERY}: the oldest entry not yet delivered
 * to any consumer (the first after the group's last-delivered id) and its age, the
 * group's unread count (Redis 7's {@code lag}), and the entries delivered but not yet
 * acknowledged. Ages are taken from the entries' ids against Redis's own clock (TIME), so
 * a backend whose clock differs from Redis's measures right.
 */
final class IngestLag {

	static final Duration EVERY = Duration.ofSeconds(1);

	private final String stream;

	private final String group;

	private final Clock clock;

	private long nextDue;

	private volatile Measurement last;

	IngestLag(String stream, String group, Clock clock) {
		this.stream = stream;
		this.group = group;
		this.clock = clock;
	}

	/** Measures with {@code commands} unless another consumer did within a second. */
	void measureIfDue(RedisCommands<String, String> commands) {
		synchronized (this) {
			long now = System.nanoTime();
			if (now - this.nextDue < 0) {
				return;
			}
			this.nextDue = now + EVERY.toNanos();
		}
		this.last = measure(commands);
	}

	Measurement last() {
		return this.last;
	}

	private Measurement measure(RedisCommands<String, String> commands) {
		List<String> time = commands.time();
		long redisMillis = Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
		GroupInfo info = groupInfo(commands.xinfoGroups(this.stream));
		List<StreamMessage<String, String>> next = commands.xrange(this.stream,
				Range.from(Range.Boundary.excluding(info.lastDelivered), Range.Boundary.unbounded()), Limit.from(1));
		Duration oldestUnread = next.isEmpty() ? Duration.ZERO : age(next.get(0).getId(), redisMillis);
		PendingMessages pending = commands.xpending(this.stream, this.group);
		Duration oldestPending = (pending.getCount() > 0 && pending.getMessageIds().getLower().getValue() != null)
				? age(pending.getMessageIds().getLower().getValue(), redisMillis) : Duration.ZERO;
		return new Measurement(this.clock.instant(), next.isEmpty() ? 0 : info.unread, oldestUnread, pending.getCount(),
				oldestPending);
	}

	private GroupInfo groupInfo(List<Object> groups) {
		for (Object group : groups) {
			if (!(group instanceof List<?> fields)) {
				continue;
			}
			String name = null;
			String lastDelivered = "0-0";
			long unread = -1;
			for (int i = 0; i + 1 < fields.size(); i += 2) {
				String field = String.valueOf(fields.get(i));
				Object value = fields.get(i + 1);
				switch (field) {
					case "name" -> name = String.valueOf(value);
					case "last-delivered-id" -> lastDelivered = String.valueOf(value);
					// Null when Redis cannot tell (entries deleted in the middle).
					case "lag" -> unread = (value instanceof Number number) ? number.longValue() : -1;
					default -> {
					}
				}
			}
			if (this.group.equals(name)) {
				return new GroupInfo(lastDelivered, unread);
			}
		}
		throw new ConsumerGroupMissing(this.stream, this.group, null);
	}

	/** How long ago Redis added the entry: its id starts with Redis's milliseconds. */
	private static Duration age(String entryId, long redisMillis) {
		int dash = entryId.indexOf('-');
		long added = Long.parseLong((dash < 0) ? entryId : entryId.substring(0, dash));
		return Duration.ofMillis(Math.max(0, redisMillis - added));
	}

	private record GroupInfo(String lastDelivered, long unread) {
	}

	/**
	 * One measurement.
	 *
	 * @param at when it was taken (this backend's clock)
	 * @param unread entries not yet delivered to any consumer; -1 when Redis cannot tell
	 * @param oldestUnread age of the oldest of them, zero when there are none
	 * @param pending entries delivered and not yet acknowledged
	 * @param oldestPending age of the oldest of them, zero when there are none
	 */
	record Measurement(Instant at, long unread, Duration oldestUnread, long pending, Duration oldestPending) {
	}

}
