package io.sonde.events.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.sonde.core.LoopHealth;
import io.sonde.events.EventQuery;
import io.sonde.events.EventStream;
import io.sonde.events.TelemetryEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Follows the live stream with one blocking XREAD and fans each entry out to the open SSE
 * clients. Following Redis rather than this JVM's appends shows every replica's events,
 * and makes a resume by id the same read as the live view. The tail retries every second
 * whatever fails (Redis away, restarting, emptied); a stream that is gone is followed
 * from its first entry once it exists again. Each round's outcome goes to
 * {@link #tailHealth()}, the {@code live} health component.
 */
class LiveEventStream implements EventStream, SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(LiveEventStream.class);

	/** Entries per read: up to 200 events each. */
	private static final int READ_COUNT = 50;

	private static final long RECONNECT_MILLIS = 2000;

	private static final Duration BLOCK = Duration.ofSeconds(1);

	private final RedisClient redis;

	private final EventsProperties properties;

	private final ObjectMapper json;

	private final Set<LiveSubscription> subscriptions = ConcurrentHashMap.newKeySet();

	private final ExecutorService sender;

	private volatile boolean running;

	private Thread tail;

	private volatile StatefulRedisConnection<String, String> tailConnection;

	private StatefulRedisConnection<String, String> catchUpConnection;

	private final LoopHealth tailHealth;

	LiveEventStream(RedisClient redis, EventsProperties properties, ObjectMapper json, Clock clock) {
		this.redis = redis;
		this.tailHealth = new LoopHealth("following " + properties.liveStream(), clock);
		this.properties = properties;
		this.json = json;
		AtomicInteger threads = new AtomicInteger();
		ThreadPoolExecutor pool = new ThreadPoolExecutor(properties.senderThreads(), properties.senderThreads(), 30,
				TimeUnit.SECONDS, new LinkedBlockingQueue<>(), (task) -> {
					Thread thread = new Thread(task, "events-sse-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
		pool.allowCoreThreadTimeOut(true);
		this.sender = pool;
	}

	@Override
	public SseEmitter open(EventQuery query, String lastEventId) {
		EventId after = (lastEventId != null && !lastEventId.isBlank()) ? EventId.parse("Last-Event-ID", lastEventId)
				: null;
		SseEmitter emitter = new SseEmitter(this.properties.streamTimeout().toMillis());
		LiveSubscription subscription = new LiveSubscription(query, emitter, this.json, this.sender,
				this.properties.clientQueue());
		Runnable drop = () -> {
			subscription.close();
			this.subscriptions.remove(subscription);
		};
		emitter.onCompletion(drop);
		emitter.onTimeout(() -> {
			drop.run();
			emitter.complete();
		});
		emitter.onError((ex) -> drop.run());
		if (!this.running) {
			emitter.complete();
			return emitter;
		}
		try {
			// Sends the headers now (a quiet stream would otherwise leave the client
			// waiting for them) and tells EventSource how soon to reconnect.
			emitter.send(SseEmitter.event().reconnectTime(RECONNECT_MILLIS).comment("sonde events"));
		}
		catch (java.io.IOException ex) {
			emitter.completeWithError(ex);
			return emitter;
		}
		this.subscriptions.add(subscription);
		if (after == null) {
			subscription.goLive(null);
		}
		else {
			this.sender.execute(() -> catchUp(subscription, after));
		}
		return emitter;
	}

	/**
	 * Sends what the client missed after {@code after}, or a {@code gap} first when that
	 * entry is trimmed (so older ones may be too), then hands over to the live queue.
	 */
	private void catchUp(LiveSubscription subscription, EventId after) {
		EventId last = after;
		try {
			RedisCommands<String, String> commands = catchUpCommands();
			String stream = this.properties.liveStream();
			String entryId = after.entry().toString();
			List<StreamMessage<String, String>> resumed = commands.xrange(stream, Range.create(entryId, entryId));
			if (resumed.isEmpty()) {
				List<StreamMessage<String, String>> first = commands.xrange(stream, Range.create("-", "+"),
						io.lettuce.core.Limit.from(1));
				subscription.sendGap(after.toString(), first.isEmpty() ? null : EventId.text(first.get(0).getId(), 0));
			}
			else {
				// The rest of the entry the client stopped in.
				for (TelemetryEvent event : LiveEntries.events(entryId, resumed.get(0).getBody())) {
					EventId id = EventId.parse("id", event.id());
					if (id.compareTo(after) > 0) {
						subscription.sendEvent(event);
						last = id;
					}
				}
			}
			String position = entryId;
			while (!subscription.closed()) {
				List<StreamMessage<String, String>> page = commands.xrange(stream,
						Range.from(Range.Boundary.excluding(position), Range.Boundary.unbounded()),
						io.lettuce.core.Limit.from(READ_COUNT));
				if (page.isEmpty()) {
					break;
				}
				for (StreamMessage<String, String> entry : page) {
					for (TelemetryEvent event : LiveEntries.events(entry.getId(), entry.getBody())) {
						subscription.sendEvent(event);
						last = EventId.parse("id", event.id());
					}
					position = entry.getId();
				}
			}
		}
		catch (RuntimeException ex) {
			log.warn("Catching up an SSE client after {} failed: {}", after, ex.getMessage());
		}
		subscription.goLive(last);
	}

	private synchronized RedisCommands<String, String> catchUpCommands() {
		if (this.catchUpConnection == null) {
			this.catchUpConnection = this.redis.connect();
		}
		return this.catchUpConnection.sync();
	}

	/** Open SSE clients, for tests and health. */
	int openStreams() {
		return this.subscriptions.size();
	}

	private void follow() {
		String stream = this.properties.liveStream();
		String position = "$";
		while (this.running) {
			try {
				if (this.tailConnection == null) {
					this.tailConnection = this.redis.connect();
					this.tailConnection.setTimeout(BLOCK.plusSeconds(5));
				}
				RedisCommands<String, String> commands = this.tailConnection.sync();
				if ("$".equals(position)) {
					// Start after the newest entry: XREAD's $ would lose entries added
					// between two blocking reads.
					List<StreamMessage<String, String>> newest = commands.xrevrange(stream, Range.create("-", "+"),
							io.lettuce.core.Limit.from(1));
					position = newest.isEmpty() ? "0-0" : newest.get(0).getId();
				}
				if (!"0-0".equals(position) && !detectTrimmed(commands, stream, position)) {
					// Gone (Redis emptied): its next entries are new, whatever their ids.
					position = "0-0";
				}
				List<StreamMessage<String, String>> entries = commands.xread(
						XReadArgs.Builder.block(BLOCK).count(READ_COUNT),
						XReadArgs.StreamOffset.from(stream, position));
				if (this.tailHealth.succeeded()) {
					log.info("Following {} again", stream);
				}
				for (StreamMessage<String, String> entry : entries) {
					position = entry.getId();
					if (!anyMayWant(entry.getBody())) {
						// Nobody to send it to: not worth decoding.
						continue;
					}
					List<TelemetryEvent> events;
					try {
						events = LiveEntries.events(entry.getId(), entry.getBody());
					}
					catch (RuntimeException ex) {
						log.warn("Skipping live entry {} that holds no events: {}", entry.getId(), ex.getMessage());
						continue;
					}
					for (TelemetryEvent event : events) {
						for (LiveSubscription subscription : this.subscriptions) {
							subscription.offer(event);
						}
					}
				}
			}
			catch (RuntimeException ex) {
				if (this.running) {
					if (!this.tailHealth.failing()) {
						log.warn("Following {} failed, retrying every second: {}", stream, ex.getMessage());
					}
					this.tailHealth.failed(ex);
					sleep();
				}
			}
		}
	}

	private boolean anyMayWant(Map<String, String> entry) {
		for (LiveSubscription subscription : this.subscriptions) {
			String source = subscription.query().source();
			if (source == null || LiveEntries.mayHoldSource(entry, source)) {
				return true;
			}
		}
		return false;
	}

	/** The tail's last round, for the {@code live} health component. */
	LoopHealth tailHealth() {
		return this.tailHealth;
	}

	/**
	 * Redis 7 keeps the largest id it ever deleted: above the tail's position, entries
	 * the tail never read were trimmed (it lagged more than the stream's length). The
	 * clients are told with a {@code gap}, as a resuming client would be.
	 * @return false when the stream does not exist
	 */
	private boolean detectTrimmed(RedisCommands<String, String> commands, String stream, String position) {
		if (commands.exists(stream) == 0) {
			return false;
		}
		List<Object> info = commands.xinfoStream(stream);
		String maxDeleted = null;
		String first = null;
		for (int i = 0; i + 1 < info.size(); i += 2) {
			String name = String.valueOf(info.get(i));
			if (name.equals("max-deleted-entry-id")) {
				maxDeleted = String.valueOf(info.get(i + 1));
			}
			else if (name.equals("first-entry") && info.get(i + 1) instanceof List<?> entry && !entry.isEmpty()) {
				first = String.valueOf(entry.get(0));
			}
		}
		if (maxDeleted != null && StreamId.parse("id", maxDeleted).compareTo(StreamId.parse("id", position)) > 0) {
			log.warn("The live tail fell behind {}: entries after {} were trimmed before it read them", stream,
					position);
			String resumedFrom = (first != null) ? EventId.text(first, 0) : null;
			for (LiveSubscription subscription : this.subscriptions) {
				subscription.offerGap(position, resumedFrom);
			}
		}
		return true;
	}

	private static void sleep() {
		try {
			Thread.sleep(1000);
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
		this.tail = new Thread(this::follow, "events-live-tail");
		this.tail.setDaemon(true);
		this.tail.start();
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		for (LiveSubscription subscription : this.subscriptions) {
			subscription.close();
		}
		this.subscriptions.clear();
		if (this.tail != null) {
			try {
				this.tail.join(BLOCK.toMillis() + 2000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.tail = null;
		}
		this.sender.shutdownNow();
		if (this.tailConnection != null) {
			this.tailConnection.close();
			this.tailConnection = null;
		}
		if (this.catchUpConnection != null) {
			this.catchUpConnection.close();
			this.catchUpConnection = null;
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
