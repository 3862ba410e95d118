package io.sonde.javacollector.internal;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.RedisStreamCommands.XAddOptions;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Appends events to the events stream from a thread of its own, pipelined, in version-2
 * entries of up to {@link #EVENTS_PER_ENTRY} events, as the daemon does: a bounded buffer
 * between detection and Redis, whose oldest entries are dropped (and counted,
 * {@code redis_dropped}) when Redis is away or slower than the reports. A batch whose
 * reply was lost is sent again: consumers deduplicate on (node, ifname, run, seq). What
 * Redis acknowledged stays in the {@link PublishedWindow} with its id and goes to the
 * {@link PublishedLog}; before each pipeline {@link StreamRecovery} re-publishes what a
 * Redis that lost acknowledged writes lacks.
 */
final class StreamPublisher implements AutoCloseable {

	private static final Logger log = LoggerFactory.getLogger(StreamPublisher.class);

	private static final int BATCH = 512;

	/** The daemon's default {@code --batch}. */
	static final int EVENTS_PER_ENTRY = 256;

	private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

	private static final Duration IDLE_PROBE = Duration.ofSeconds(1);

	private final StringRedisTemplate redis;

	private final byte[] stream;

	private final XAddOptions options;

	private final int capacity;

	private final Runnable onReconnect;

	private final Clock clock;

	private final PublishedWindow window;

	private final PublishedLog publishedLog;

	private final StreamRecovery recovery;

	private final ArrayDeque<Map<String, String>> buffer = new ArrayDeque<>();

	private final Thread thread;

	private volatile boolean running = true;

	/** The {@code run} of the entries published last (the publisher's thread only). */
	private String lastRun;

	private long nextIdleProbe;

	private int inFlight;

	private long published;

	private long dropped;

	private long failures;

	private long connects;

	private long disconnects;

	/**
	 * @param onReconnect run after Redis answers again (the thresholds hash is re-read)
	 */
	StreamPublisher(StringRedisTemplate redis, UdpCollectorProperties properties, Runnable onReconnect, Clock clock) {
		this.redis = redis;
		this.stream = bytes(properties.eventsStream());
		this.options = XAddOptions.maxlen(properties.maxlen()).approximateTrimming(true);
		this.capacity = properties.buffer();
		this.onReconnect = onReconnect;
		this.clock = clock;
		this.window = new PublishedWindow(properties.retainWindow(), properties.retainBytes().toBytes());
		this.publishedLog = PublishedLog.open(properties.publishedLog());
		this.recovery = new StreamRecovery(redis, properties.eventsStream(), properties.witnessKey(),
				properties.maxlen(), this.window, this.publishedLog, clock);
		this.thread = new Thread(this::run, "udp-collector-publisher");
		this.thread.setDaemon(true);
	}

	void start() {
		this.thread.start();
	}

	/** Queues one entry; drops the oldest when the buffer is full. */
	synchronized void offer(Map<String, String> fields) {
		if (this.buffer.size() >= this.capacity) {
			this.buffer.pollFirst();
			this.dropped++;
		}
		this.buffer.addLast(fields);
		notifyAll();
	}

	private void run() {
		Duration backoff = Duration.ofMillis(100);
		boolean connected = false;
		while (this.running) {
			List<Map<String, String>> batch;
			try {
				batch = nextBatch();
			}
			catch (InterruptedException ex) {
				return;
			}
			if (batch.isEmpty()) {
				probeWhileIdle();
				continue;
			}
			List<PublishedEntry> entries = PublishedEntry.group(batch, EVENTS_PER_ENTRY);
			try {
				this.recovery.beforePublishing(entries.get(0).fields().get("run"));
				send(entries);
				if (!connected) {
					connected = true;
					count(() -> this.connects++);
					this.onReconnect.run();
				}
				synchronized (this) {
					this.inFlight = 0;
					this.published += batch.size();
				}
				backoff = Duration.ofMillis(100);
			}
			catch (RuntimeException ex) {
				this.recovery.suspect();
				if (connected) {
					connected = false;
					count(() -> this.disconnects++);
				}
				putBack(batch);
				log.warn("udp collector: appending {} events to Redis failed, retrying in {} ms: {}", batch.size(),
						backoff.toMillis(), ex.getMessage());
				if (!sleep(backoff)) {
					return;
				}
				backoff = (backoff.compareTo(MAX_BACKOFF) < 0) ? backoff.multipliedBy(2) : MAX_BACKOFF;
			}
		}
	}

	/**
	 * With nothing to publish and something in the window, a probe a second: a loss is
	 * noticed then too, not only with the next events.
	 */
	private void probeWhileIdle() {
		long now = this.clock.millis();
		if (this.lastRun == null || this.window.size() == 0 || now < this.nextIdleProbe) {
			return;
		}
		this.nextIdleProbe = now + IDLE_PROBE.toMillis();
		try {
			this.recovery.beforePublishing(this.lastRun);
		}
		catch (RuntimeException ex) {
			this.recovery.suspect();
			log.debug("udp collector: probing Redis failed: {}", ex.getMessage());
		}
	}

	/** The oldest entries, taken out of the buffer while they are sent. */
	private synchronized List<Map<String, String>> nextBatch() throws InterruptedException {
		// At most 200 ms, then an empty batch: the idle probe runs between waits.
		if (this.running && this.buffer.isEmpty()) {
			wait(200);
		}
		List<Map<String, String>> batch = new ArrayList<>(Math.min(BATCH, this.buffer.size()));
		while (batch.size() < BATCH && !this.buffer.isEmpty()) {
			batch.add(this.buffer.pollFirst());
		}
		this.inFlight = batch.size();
		return batch;
	}

	/**
	 * A failed batch goes back in front, in order; what no longer fits is the oldest, so
	 * it is dropped.
	 */
	private synchronized void putBack(List<Map<String, String>> batch) {
		this.failures++;
		this.inFlight = 0;
		for (int i = batch.size() - 1; i >= 0; i--) {
			if (this.buffer.size() >= this.capacity) {
				this.dropped += i + 1;
				return;
			}
			this.buffer.addFirst(batch.get(i));
		}
	}

	/** One pipeline; each entry Redis acknowledged to the window and the log. */
	private void send(List<PublishedEntry> entries) {
		List<Object> ids = this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
			for (PublishedEntry entry : entries) {
				connection.streamCommands().xAdd(MapRecord.create(this.stream, raw(entry.fields())), this.options);
			}
			return null;
		});
		long now = this.clock.millis();
		this.window.expire(now);
		for (int i = 0; i < entries.size(); i++) {
			PublishedEntry entry = entries.get(i);
			Object id = ids.get(i);
			entry.acknowledged((id instanceof RecordId recordId) ? recordId.getValue() : String.valueOf(id), now);
			this.window.add(entry, now);
			this.publishedLog.append("published", entry, now);
		}
		this.recovery.streamWritten();
		this.lastRun = entries.get(entries.size() - 1).fields().get("run");
	}

	private static Map<byte[], byte[]> raw(Map<String, String> fields) {
		Map<byte[], byte[]> raw = new LinkedHashMap<>();
		fields.forEach((name, value) -> raw.put(bytes(name), bytes(value)));
		return raw;
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private synchronized void count(Runnable update) {
		update.run();
	}

	private boolean sleep(Duration backoff) {
		try {
			Thread.sleep(backoff.toMillis());
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** Events Redis acknowledged. */
	synchronized long published() {
		return this.published;
	}

	/** Events waiting for Redis now. */
	synchronized long buffered() {
		return this.buffer.size() + this.inFlight;
	}

	/** Events dropped because the buffer was full. */
	synchronized long dropped() {
		return this.dropped;
	}

	/** Batches that failed and were retried. */
	synchronized long failures() {
		return this.failures;
	}

	synchronized long connects() {
		return this.connects;
	}

	synchronized long disconnects() {
		return this.disconnects;
	}

	/** Events published again after Redis lost them. */
	long republished() {
		return this.recovery.republished();
	}

	long republishedEntries() {
		return this.recovery.republishedEntries();
	}

	/** Times the stream was checked after Redis may have lost writes. */
	long lossChecks() {
		return this.recovery.checks();
	}

	/** The published window: events and bytes kept now, entries pushed out early. */
	PublishedWindow window() {
		return this.window;
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(2000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.publishedLog.close();
	}

}
