package io.sonde.ingest.internal;

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
import io.sonde.events.EventLog;
import io.sonde.events.TelemetryEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Consumes {@code sonde:stream:events} in the group {@code backend}: each batch is
 * validated, its events appended to the {@link EventLog}, its malformed entries parked in
 * the dead-letter stream, and only then acknowledged, so an entry is acknowledged once
 * the store has it (or once it is parked). A replica that dies leaves its entries
 * pending; another one (or itself, restarted) claims them after {@code claim-idle}.
 * Redelivery stores nothing twice: the store deduplicates on the event's origin.
 */
class EventStreamIngest implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(EventStreamIngest.class);

	private static final Duration RETRY = Duration.ofSeconds(1);

	private final RedisClient redis;

	private final EventLog eventLog;

	private final IngestProperties properties;

	private final IngestCounters counters;

	private final String consumerName;

	private final XAddArgs deadLetterTrim;

	private volatile boolean running;

	private Thread thread;

	private StatefulRedisConnection<String, String> connection;

	EventStreamIngest(RedisClient redis, EventLog eventLog, IngestProperties properties, IngestCounters counters,
			String consumerName) {
		this.redis = redis;
		this.eventLog = eventLog;
		this.properties = properties;
		this.counters = counters;
		this.consumerName = consumerName;
		this.deadLetterTrim = XAddArgs.Builder.maxlen(properties.deadLetterMaxlen()).approximateTrimming();
	}

	String consumerName() {
		return this.consumerName;
	}

	private void consume() {
		Consumer<String> me = Consumer.from(this.properties.group(), this.consumerName);
		// After a failure or a restart under the same name, our own pending entries
		// first.
		boolean ownPending = true;
		long nextClaim = 0;
		while (this.running) {
			try {
				RedisCommands<String, String> commands = commands();
				if (ownPending) {
					List<StreamMessage<String, String>> pending = commands.xreadgroup(me,
							XReadArgs.Builder.count(this.properties.batch()),
							XReadArgs.StreamOffset.from(this.properties.stream(), "0"));
					if (pending.isEmpty()) {
						ownPending = false;
					}
					else {
						handle(pending);
					}
					continue;
				}
				if (System.nanoTime() - nextClaim >= 0) {
					claim(commands, me);
					nextClaim = System.nanoTime() + this.properties.claimInterval().toNanos();
				}
				List<StreamMessage<String, String>> entries = commands.xreadgroup(me,
						XReadArgs.Builder.count(this.properties.batch()).block(this.properties.block()),
						XReadArgs.StreamOffset.lastConsumed(this.properties.stream()));
				handle(entries);
			}
			catch (RuntimeException ex) {
				if (!this.running) {
					break;
				}
				this.counters.failed(ex.toString());
				log.warn("Ingest of {} failed, retrying in {}: {}", this.properties.stream(), RETRY, ex.toString());
				ownPending = true;
				sleep(RETRY);
			}
		}
	}

	/** Claims what dead consumers left pending longer than claim-idle, and handles it. */
	private void claim(RedisCommands<String, String> commands, Consumer<String> me) {
		String cursor = "0-0";
		do {
			ClaimedMessages<String, String> claimed = commands.xautoclaim(this.properties.stream(),
					XAutoClaimArgs.Builder.xautoclaim(me, this.properties.claimIdle(), cursor)
						.count(this.properties.batch()));
			List<StreamMessage<String, String>> messages = claimed.getMessages();
			if (!messages.isEmpty()) {
				this.counters.claimed(messages.size());
				log.info("Claimed {} entries of {} left pending by other consumers", messages.size(),
						this.properties.stream());
				handle(messages);
			}
			cursor = claimed.getId();
		}
		while (this.running && !"0-0".equals(cursor));
	}

	private void handle(List<StreamMessage<String, String>> entries) {
		if (entries.isEmpty()) {
			return;
		}
		this.counters.read(entries.size());
		List<TelemetryEvent> events = new ArrayList<>(entries.size());
		List<Map<String, String>> dead = new ArrayList<>();
		List<DeadLetterReason> reasons = new ArrayList<>();
		String[] ids = new String[entries.size()];
		for (int i = 0; i < entries.size(); i++) {
			StreamMessage<String, String> entry = entries.get(i);
			ids[i] = entry.getId();
			Map<String, String> fields = entry.getBody();
			if (fields == null) {
				// Pending but deleted from the stream (trimmed): nothing left to store.
				continue;
			}
			try {
				events.add(CollectorEntries.event(fields));
			}
			catch (MalformedEntry ex) {
				Map<String, String> parked = new HashMap<>(fields);
				parked.put("dead_reason", ex.reason().wireName());
				parked.put("dead_field", ex.field());
				parked.put("dead_detail", ex.getMessage());
				parked.put("dead_id", entry.getId());
				parked.put("dead_consumer", this.consumerName);
				dead.add(parked);
				reasons.add(ex.reason());
			}
		}
		if (!events.isEmpty()) {
			this.eventLog.append(events);
		}
		acknowledge(dead, ids);
		this.counters.stored(events.size());
		reasons.forEach(this.counters::deadLettered);
	}

	/** Parks the malformed entries, then acknowledges the batch: one pipelined trip. */
	private void acknowledge(List<Map<String, String>> dead, String[] ids) {
		RedisAsyncCommands<String, String> async = this.connection.async();
		List<RedisFuture<?>> replies = new ArrayList<>(dead.size() + 1);
		this.connection.setAutoFlushCommands(false);
		try {
			for (Map<String, String> parked : dead) {
				replies.add(async.xadd(this.properties.deadLetterStream(), this.deadLetterTrim, parked));
			}
			replies.add(async.xack(this.properties.stream(), this.properties.group(), ids));
			this.connection.flushCommands();
		}
		finally {
			this.connection.setAutoFlushCommands(true);
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

	private RedisCommands<String, String> commands() {
		if (this.connection == null || !this.connection.isOpen()) {
			this.connection = this.redis.connect();
			this.connection.setTimeout(this.properties.block().plusSeconds(10));
		}
		return this.connection.sync();
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public synchronized void start() {
		if (this.running) {
			return;
		}
		this.running = true;
		this.thread = new Thread(this::consume, "ingest-" + this.properties.stream());
		this.thread.setDaemon(true);
		this.thread.start();
		log.info("Consuming {} in group {} as {}", this.properties.stream(), this.properties.group(),
				this.consumerName);
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		if (this.thread != null) {
			try {
				this.thread.join(this.properties.block().toMillis() + 5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.thread = null;
		}
		if (this.connection != null) {
			this.connection.close();
			this.connection = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
