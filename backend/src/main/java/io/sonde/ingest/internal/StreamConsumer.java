package io.sonde.ingest.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.models.stream.ClaimedMessages;
import io.lettuce.core.Consumer;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.sonde.core.LoopHealth;
import io.sonde.events.EventLog;
import io.sonde.events.OrderedAppends;
import io.sonde.events.TelemetryEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer of {@code sonde:stream:events} in the group {@code backend}, on a thread
 * and a connection of its own: each batch is validated, its events appended to the
 * {@link EventLog}, its malformed entries parked in the dead-letter stream, and only then
 * acknowledged, so an entry is acknowledged once the store has it (or once it is parked).
 * A replica that dies leaves its entries pending; another one (or itself, restarted)
 * claims them after {@code claim-idle}. Redelivery stores nothing twice: the store
 * deduplicates on the event's origin.
 * <p>
 * It heals itself: any failure (Redis away, restarting, loading its data, failed over) is
 * retried every second, on a new connection when Redis closed the last one (the client
 * does not redial by itself, so a read in flight fails at once); a missing group
 * (NOGROUP: Redis emptied or replaced) is created again, from the last entry this
 * consumer acknowledged when the stream still holds it, else from the stream's first
 * entry, so what collectors published after the loss is read too. Each round's outcome
 * goes to its {@link LoopHealth}, read by the {@code ingest} health component.
 */
final class StreamConsumer {

	private static final Logger log = LoggerFactory.getLogger(StreamConsumer.class);

	private static final Duration RETRY = Duration.ofSeconds(1);

	private static final int MAX_ENTRIES_PER_READ = 1000;

	private final EventLog eventLog;

	private final IngestProperties properties;

	private final IngestCounters counters;

	private final String consumerName;

	private final XAddArgs deadLetterTrim;

	/**
	 * Shared by the replica's consumers, and the monitor their reads of new entries are
	 * taken under, so places follow the order Redis served the reads in.
	 */
	private final OrderedAppends order;

	private final LoopHealth health;

	private final IngestLag lag;

	/** The newest entry id this consumer acknowledged; where a lost group resumes. */
	private String lastAcknowledged;

	/** Set on NOGROUP: the next round creates the group again first. */
	private boolean groupMissing;

	/** Entries per read, fitted to {@code batch} events by what entries held so far. */
	private int entriesPerRead = 16;

	private volatile boolean running;

	private Thread thread;

	private final RedialledConnection connection;

	StreamConsumer(RedisClient redis, EventLog eventLog, IngestProperties properties, IngestCounters counters,
			String consumerName, OrderedAppends order, IngestLag lag, Clock clock) {
		this.connection = new RedialledConnection(() -> redis.connect(Utf8Codec.INSTANCE),
				properties.block().plusSeconds(10));
		this.order = order;
		this.lag = lag;
		this.health = new LoopHealth("consumer " + consumerName + " reading " + properties.stream(), clock);
		this.eventLog = eventLog;
		this.properties = properties;
		this.counters = counters;
		this.consumerName = consumerName;
		this.deadLetterTrim = XAddArgs.Builder.maxlen(properties.deadLetterMaxlen()).approximateTrimming();
	}

	private void consume() {
		Consumer<String> me = Consumer.from(this.properties.group(), this.consumerName);
		// After a failure or a restart under the same name, our own
		// pending entries first.
		boolean ownPending = true;
		long nextClaim = 0;
		while (this.running) {
			try {
				RedisCommands<String, String> commands = this.connection.open().sync();
				if (this.groupMissing) {
					createGroupAgain(commands);
					this.groupMissing = false;
				}
				if (ownPending) {
					List<StreamMessage<String, String>> pending = commands.xreadgroup(me,
							XReadArgs.Builder.count(this.entriesPerRead),
							XReadArgs.StreamOffset.from(this.properties.stream(), "0"));
					if (pending.isEmpty()) {
						ownPending = false;
					}
					else {
						handle(pending, null);
					}
					succeeded();
					continue;
				}
				if (System.nanoTime() - nextClaim >= 0) {
					claim(commands, me);
					nextClaim = System.nanoTime() + this.properties.claimInterval().toNanos();
				}
				List<StreamMessage<String, String>> entries;
				OrderedAppends.Place place;
				// Places are taken in the order Redis hands out entries, so the event log
				// gets batches in stream order.
				synchronized (this.order) {
					place = this.order.next();
					try {
						entries = commands.xreadgroup(me,
								XReadArgs.Builder.count(this.entriesPerRead).block(this.properties.block()),
								XReadArgs.StreamOffset.lastConsumed(this.properties.stream()));
					}
					catch (RuntimeException ex) {
						place.close();
						throw ex;
					}
				}
				try (place) {
					handle(entries, place);
				}
				this.lag.measureIfDue(commands);
				succeeded();
			}
			catch (RuntimeException ex) {
				if (!this.running) {
					break;
				}
				this.counters.failed(ex.toString());
				ownPending = true;
				if (ConsumerGroupMissing.isNoGroup(ex)) {
					if (!this.groupMissing) {
						log.warn(
								"Consumer group {} of {} is missing (Redis emptied, restarted without its data, or "
										+ "replaced): creating it again",
								this.properties.group(), this.properties.stream());
					}
					this.health.failed(ex);
					this.groupMissing = true;
					continue;
				}
				if (!this.health.failing()) {
					log.warn("Ingest of {} failed, retrying every {}: {}", this.properties.stream(), RETRY,
							ex.toString());
				}
				this.health.failed(ex);
				RedialledConnection.pause(RETRY);
			}
		}
	}

	private void createGroupAgain(RedisCommands<String, String> commands) {
		ConsumerGroupHealing.createAgain(commands, this.properties.stream(), this.properties.group(),
				this.lastAcknowledged);
	}

	private void succeeded() {
		if (this.health.succeeded()) {
			log.info("Ingest of {} resumed", this.properties.stream());
		}
	}

	/** Claims what dead consumers left pending longer than claim-idle, and handles it. */
	private void claim(RedisCommands<String, String> commands, Consumer<String> me) {
		String cursor = "0-0";
		do {
			ClaimedMessages<String, String> claimed = commands.xautoclaim(this.properties.stream(),
					XAutoClaimArgs.Builder.xautoclaim(me, this.properties.claimIdle(), cursor)
						.count(this.entriesPerRead));
			List<StreamMessage<String, String>> messages = claimed.getMessages();
			if (!messages.isEmpty()) {
				this.counters.claimed(messages.size());
				log.info("Claimed {} entries of {} left pending by other consumers", messages.size(),
						this.properties.stream());
				handle(messages, null);
			}
			cursor = claimed.getId();
		}
		while (this.running && !"0-0".equals(cursor));
	}

	/**
	 * @param place this batch's place in the event log's order, or null for entries read
	 * out of stream order (pending, claimed)
	 */
	private void handle(List<StreamMessage<String, String>> entries, OrderedAppends.Place place) {
		if (entries.isEmpty()) {
			return;
		}
		// Sized for a batch (what a read fits itself to), not grown entry by entry.
		List<TelemetryEvent> events = new ArrayList<>(this.properties.batch());
		List<Map<String, String>> dead = new ArrayList<>();
		List<DeadLetterReason> reasons = new ArrayList<>();
		String[] ids = new String[entries.size()];
		long read = 0;
		for (int i = 0; i < entries.size(); i++) {
			StreamMessage<String, String> entry = entries.get(i);
			ids[i] = entry.getId();
			Map<String, String> fields = entry.getBody();
			if (fields == null) {
				// Pending but deleted from the stream (trimmed): nothing left to store.
				continue;
			}
			CollectorEntries.EntryEvents found = CollectorEntries.read(fields);
			events.addAll(found.events);
			read += found.events.size();
			for (CollectorEntries.Rejected rejected : found.rejected) {
				dead.add(parked(entry, rejected));
				reasons.add(rejected.cause().reason());
				read++;
			}
		}
		this.counters.read(read);
		fitEntriesPerRead(entries.size(), read);
		if (place != null) {
			place.append(events);
		}
		else if (!events.isEmpty()) {
			this.eventLog.append(events);
		}
		acknowledge(dead, ids);
		this.lastAcknowledged = StreamIds.newer(this.lastAcknowledged, ids[ids.length - 1]);
		this.counters.stored(events.size());
		reasons.forEach(this.counters::deadLettered);
	}

	private void fitEntriesPerRead(int entries, long events) {
		if (events > 0) {
			long fitted = this.properties.batch() * (long) entries / events;
			this.entriesPerRead = (int) Math.max(1, Math.min(MAX_ENTRIES_PER_READ, fitted));
		}
	}

	/**
	 * A dead letter: the whole entry, or the entry's origin fields and the one line that
	 * broke the contract, with why and where it came from.
	 */
	private Map<String, String> parked(StreamMessage<String, String> entry, CollectorEntries.Rejected rejected) {
		Map<String, String> parked;
		if (rejected.index() < 0) {
			parked = new HashMap<>(entry.getBody());
		}
		else {
			parked = new HashMap<>();
			entry.getBody().forEach((name, value) -> {
				if (!name.equals("events") && !name.equals("count")) {
					parked.put(name, value);
				}
			});
			parked.put("event", rejected.line());
			parked.put("dead_line", Integer.toString(rejected.index()));
		}
		MalformedEntry cause = rejected.cause();
		parked.put("dead_reason", cause.reason().wireName());
		parked.put("dead_field", cause.field());
		parked.put("dead_detail", cause.getMessage());
		parked.put("dead_id", entry.getId());
		parked.put("dead_consumer", this.consumerName);
		return parked;
	}

	/** Parks the malformed entries, then acknowledges the batch: one pipelined trip. */
	private void acknowledge(List<Map<String, String>> dead, String[] ids) {
		StatefulRedisConnection<String, String> connection = this.connection.open();
		RedisAsyncCommands<String, String> async = connection.async();
		List<RedisFuture<?>> replies = new ArrayList<>(dead.size() + 1);
		connection.setAutoFlushCommands(false);
		try {
			for (Map<String, String> parked : dead) {
				replies.add(async.xadd(this.properties.deadLetterStream(), this.deadLetterTrim, parked));
			}
			replies.add(async.xack(this.properties.stream(), this.properties.group(), ids));
			connection.flushCommands();
		}
		finally {
			connection.setAutoFlushCommands(true);
		}
		if (!LettuceFutures.awaitAll(10, TimeUnit.SECONDS, replies.toArray(new RedisFuture<?>[0]))) {
			throw new IllegalStateException("Redis did not acknowledge within 10 s");
		}
		for (RedisFuture<?> reply : replies) {
			if (reply.getError() != null) {
				throw new IllegalStateException("Redis refused: " + reply.getError());
			}
		}
	}

	synchronized void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		this.thread = new Thread(this::consume, "ingest-" + this.consumerName);
		this.thread.setDaemon(true);
		this.thread.start();
		log.info("Consuming {} in group {} as {}", this.properties.stream(), this.properties.group(),
				this.consumerName);
	}

	/** Asks the thread to stop after its batch; {@link #join} waits for it. */
	void stop() {
		this.running = false;
	}

	/** Waits for the stopped thread, then closes its connection. */
	synchronized void join() {
		if (this.thread != null) {
			try {
				this.thread.join(this.properties.block().toMillis() + 5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.thread = null;
		}
		this.connection.close();
	}

	boolean isRunning() {
		return this.running;
	}

	LoopHealth health() {
		return this.health;
	}

}
