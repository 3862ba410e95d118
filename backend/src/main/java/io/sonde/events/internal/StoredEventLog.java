package io.sonde.events.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.EventPage;
import io.sonde.events.EventQuery;
import io.sonde.events.EventQueryRejected;
import io.sonde.events.EventsAppended;
import io.sonde.events.OrderedAppends;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.questdb.TimeSeriesSql;

import org.springframework.context.ApplicationEventPublisher;

/**
 * The event log: QuestDB's {@code events} table for history (deduplicated on (ts,
 * origin)), then the capped live stream, whose entry ids become the events' ids.
 */
class StoredEventLog implements EventLog, AutoCloseable {

	private static final long REDIS_TIMEOUT_SECONDS = 10;

	/**
	 * Longest a batch waits for the batches placed before it to be stored: longer than a
	 * batch takes, shorter than a stall worth waiting for.
	 */
	private static final Duration ORDER_WAIT = Duration.ofSeconds(1);

	private final EventTableWriter rows;

	private final TimeSeriesSql sql;

	private final ApplicationEventPublisher publisher;

	private final String liveStream;

	private final XAddArgs trim;

	private final RedisClient redis;

	/** String keys, byte values: {@link LiveEntries#fields} encodes them. */
	private static final RedisCodec<String, byte[]> LIVE_CODEC = RedisCodec.of(StringCodec.UTF8,
			ByteArrayCodec.INSTANCE);

	private StatefulRedisConnection<String, byte[]> connection;

	StoredEventLog(EventTableWriter rows, TimeSeriesSql sql, ApplicationEventPublisher publisher, RedisClient redis,
			EventsProperties properties) {
		this.rows = rows;
		this.sql = sql;
		this.publisher = publisher;
		this.liveStream = properties.liveStream();
		this.trim = XAddArgs.Builder.maxlen(properties.liveMaxlen()).approximateTrimming();
		this.redis = redis;
	}

	@Override
	public List<TelemetryEvent> append(List<TelemetryEvent> events) {
		if (events.isEmpty()) {
			return List.of();
		}
		List<Map<String, byte[]>> entries = LiveEntries.of(events);
		this.rows.write(events, () -> {
		});
		return published(events, sendLive(entries));
	}

	@Override
	public OrderedAppends ordered() {
		return new TurnOrder(new AppendOrder(ORDER_WAIT));
	}

	private List<TelemetryEvent> append(List<TelemetryEvent> events, AppendOrder.Turn turn) {
		List<RedisFuture<String>> ids;
		try (turn) {
			if (events.isEmpty()) {
				return List.of();
			}
			// Encoded before the turn, so only the commit and the send wait for it.
			List<Map<String, byte[]>> entries = LiveEntries.of(events);
			this.rows.write(events, turn::await);
			// Sent in turn, so the live stream gets batches in the order the store does;
			// the replies are awaited after it.
			ids = sendLive(entries);
		}
		return published(events, ids);
	}

	/**
	 * The batch's live-stream entries as one pipelined send: commands on one connection
	 * are applied in order, so ids follow the batch's order.
	 */
	private List<RedisFuture<String>> sendLive(List<Map<String, byte[]>> entries) {
		List<RedisFuture<String>> ids = new ArrayList<>(entries.size());
		synchronized (this) {
			if (this.connection == null) {
				// Connected on first use, so the backend starts while Redis is away.
				this.connection = this.redis.connect(LIVE_CODEC);
				// A batch of appends is one pipelined trip of up to megabytes: the
				// client's default (spring.data.redis.timeout) is for single commands.
				this.connection.setTimeout(Duration.ofSeconds(REDIS_TIMEOUT_SECONDS));
			}
			RedisAsyncCommands<String, byte[]> commands = this.connection.async();
			this.connection.setAutoFlushCommands(false);
			try {
				for (Map<String, byte[]> entry : entries) {
					ids.add(commands.xadd(this.liveStream, this.trim, entry));
				}
				this.connection.flushCommands();
			}
			finally {
				this.connection.setAutoFlushCommands(true);
			}
		}
		return ids;
	}

	/**
	 * Once Redis has answered: the events to listeners of EventsAppended, and with their
	 * live-stream ids to the caller.
	 */
	private List<TelemetryEvent> published(List<TelemetryEvent> events, List<RedisFuture<String>> ids) {
		if (!LettuceFutures.awaitAll(REDIS_TIMEOUT_SECONDS, TimeUnit.SECONDS, ids.toArray(new RedisFuture<?>[0]))) {
			throw new IllegalStateException("the live stream did not answer within " + REDIS_TIMEOUT_SECONDS + " s");
		}
		String[] entryIds = new String[ids.size()];
		for (int i = 0; i < entryIds.length; i++) {
			entryIds[i] = ids.get(i).toCompletableFuture().join();
		}
		List<TelemetryEvent> appended = List.copyOf(events);
		this.publisher.publishEvent(new EventsAppended(appended));
		return new IdentifiedEvents(appended, entryIds);
	}

	@Override
	public EventPage query(EventQuery query, String cursor, int limit) {
		if (limit < 1 || limit > MAX_PAGE) {
			throw new EventQueryRejected("limit", "must be 1 to " + MAX_PAGE + ": " + limit);
		}
		StringBuilder where = new StringBuilder(" WHERE 1 = 1");
		List<Object> parameters = new ArrayList<>();
		if (query.from() != null) {
			where.append(" AND ts >= ?");
			parameters.add(LocalDateTime.ofInstant(query.from(), ZoneOffset.UTC));
		}
		if (query.to() != null) {
			where.append(" AND ts < ?");
			parameters.add(LocalDateTime.ofInstant(query.to(), ZoneOffset.UTC));
		}
		if (!query.kinds().isEmpty()) {
			where.append(" AND kind IN (").append(placeholders(query.kinds().size())).append(')');
			query.kinds().stream().map(EventKind::name).sorted().forEach(parameters::add);
		}
		if (!query.metrics().isEmpty()) {
			where.append(" AND metric IN (").append(placeholders(query.metrics().size())).append(')');
			query.metrics().stream().sorted().forEach(parameters::add);
		}
		if (query.switchId() != null) {
			where.append(" AND (switch_id = ? OR path LIKE ?)");
			parameters.add(query.switchId());
			parameters.add("%," + query.switchId() + ",%");
		}
		if (query.flow() != null) {
			where.append(" AND strpos(").append(EventRows.FLOW_TEXT).append(", ?) > 0");
			parameters.add(query.flow());
		}
		if (query.source() != null) {
			where.append(" AND source = ?");
			parameters.add(query.source());
		}
		if (cursor != null) {
			Cursor after = Cursor.parse(cursor);
			// The time as nanoseconds, cast in SQL: a timestamp parameter would
			// carry microseconds only, and events of one microsecond would be
			// skipped or repeated.
			where.append(" AND (ts < CAST(? AS TIMESTAMP_NS) OR (ts = CAST(? AS TIMESTAMP_NS) AND origin < ?))");
			parameters.add(after.nanos());
			parameters.add(after.nanos());
			parameters.add(after.origin());
		}
		String sql = "SELECT " + EventRows.COLUMNS + " FROM " + EventRows.TABLE + where
				+ " ORDER BY ts DESC, origin DESC LIMIT " + (limit + 1);
		List<Map<String, Object>> rows = this.sql.select(sql, parameters.toArray());
		List<TelemetryEvent> events = new ArrayList<>(Math.min(rows.size(), limit));
		for (int i = 0; i < rows.size() && i < limit; i++) {
			events.add(EventRows.event(rows.get(i)));
		}
		String next = null;
		if (rows.size() > limit) {
			Map<String, Object> last = rows.get(limit - 1);
			next = new Cursor(((Number) last.get("ts_ns")).longValue(), (String) last.get("origin")).toString();
		}
		return new EventPage(events, next);
	}

	private static String placeholders(int count) {
		return String.join(", ", java.util.Collections.nCopies(count, "?"));
	}

	@Override
	public synchronized void close() {
		if (this.connection != null) {
			this.connection.close();
		}
	}

	/** Places as turns of an {@link AppendOrder}. */
	private final class TurnOrder implements OrderedAppends {

		private final AppendOrder order;

		TurnOrder(AppendOrder order) {
			this.order = order;
		}

		@Override
		public Place next() {
			AppendOrder.Turn turn = this.order.next();
			return new Place() {

				@Override
				public List<TelemetryEvent> append(List<TelemetryEvent> events) {
					return StoredEventLog.this.append(events, turn);
				}

				@Override
				public void close() {
					turn.close();
				}

			};
		}

	}

	/**
	 * The last event of a page: its stored time (ns) and origin, the table's order. The
	 * text starts with {@code n}: cursors of versions that stored microseconds had none,
	 * and are refused rather than read as nanoseconds.
	 */
	record Cursor(long nanos, String origin) {

		private static final String NANOSECONDS = "n";

		static Cursor parse(String text) {
			String decoded;
			try {
				decoded = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				throw new EventQueryRejected("cursor", "not a cursor this API returned");
			}
			int bar = decoded.indexOf('|');
			if (!decoded.startsWith(NANOSECONDS)) {
				throw new EventQueryRejected("cursor",
						(bar > 0 && isNumber(decoded.substring(0, bar)))
								? "a cursor of an earlier version of Sonde: start again from the first page"
								: "not a cursor this API returned");
			}
			try {
				return new Cursor(Long.parseLong(decoded.substring(NANOSECONDS.length(), bar)),
						decoded.substring(bar + 1));
			}
			catch (IllegalArgumentException | IndexOutOfBoundsException ex) {
				throw new EventQueryRejected("cursor", "not a cursor this API returned");
			}
		}

		private static boolean isNumber(String text) {
			return !text.isEmpty() && text.chars().allMatch(Character::isDigit);
		}

		@Override
		public String toString() {
			return Base64.getUrlEncoder()
				.withoutPadding()
				.encodeToString((NANOSECONDS + this.nanos + "|" + this.origin).getBytes(StandardCharsets.UTF_8));
		}

	}

}
