package io.sonde.web.dashboard;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Server-sent event streams to the dashboard's open pages, one feed's worth (the live
 * switches, the live probe sessions): a new stream gets a snapshot, then every event
 * published, each named and carrying JSON (or plain text where the page reads a name).
 * The feed that owns it ({@link LiveFeed}) says only what it publishes. All writes to
 * browsers happen on one thread of the feed, never on the thread that published the event
 * (a switch's connection thread or a probe session must not wait on a slow browser), and
 * in the order the events were broadcast. Started and stopped with the feed that owns it:
 * streams end before the web server stops, so shutdown never waits on them
 * (JAVA_NOTES.md: open SSE connections otherwise hold it).
 */
public final class LiveBroadcast {

	/**
	 * Streams end after this; EventSource reconnects by itself and gets a fresh snapshot.
	 * Bounded so a stream whose browser vanished without a TCP reset is eventually freed.
	 */
	public static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);

	/**
	 * A comment this often finds dead connections (the write fails) and keeps proxies
	 * from closing idle ones.
	 */
	static final Duration HEARTBEAT = Duration.ofSeconds(15);

	/** How long a browser waits before reconnecting a broken stream. */
	static final long RECONNECT_MILLIS = 2000;

	private static final Logger logger = Logger.getLogger(LiveBroadcast.class.getName());

	private final String name;

	private final ObjectMapper json;

	private final Set<SseEmitter> streams = ConcurrentHashMap.newKeySet();

	private volatile ScheduledExecutorService sender;

	/**
	 * @param name the feed's, for the thread that writes to the browsers and the log
	 * @param json writes the events' bodies
	 */
	public LiveBroadcast(String name, ObjectMapper json) {
		this.name = name;
		this.json = json;
	}

	/**
	 * A new stream; {@code snapshot} writes its first events on the feed's thread (after
	 * a reconnect time for the browser). A snapshot that fails is logged and left out:
	 * the page keeps what it rendered and the next event still reaches it. A stopped feed
	 * answers a stream that ends at once.
	 */
	public SseEmitter subscribe(Consumer<Stream> snapshot) {
		SseEmitter emitter = new SseEmitter(STREAM_TIMEOUT.toMillis());
		emitter.onCompletion(() -> this.streams.remove(emitter));
		emitter.onTimeout(() -> {
			this.streams.remove(emitter);
			emitter.complete();
		});
		emitter.onError((ex) -> this.streams.remove(emitter));
		ScheduledExecutorService running = this.sender;
		if (running == null) {
			emitter.complete();
			return emitter;
		}
		this.streams.add(emitter);
		Stream stream = new Stream(emitter);
		if (!submit(running, () -> {
			stream.send(SseEmitter.event().reconnectTime(RECONNECT_MILLIS).comment("snapshot"));
			sendSnapshot(snapshot, stream);
		})) {
			this.streams.remove(emitter);
			emitter.complete();
		}
		return emitter;
	}

	/**
	 * Sends {@code body} as JSON in an event named {@code event} to every open stream.
	 */
	public void publish(String event, Object body) {
		if (!this.streams.isEmpty()) {
			broadcast(jsonEvent(event, body));
		}
	}

	/**
	 * Sends {@code text} as it is in an event named {@code event} to every open stream.
	 */
	public void publishText(String event, String text) {
		broadcast(SseEmitter.event().name(event).data(text));
	}

	private void broadcast(SseEmitter.SseEventBuilder event) {
		ScheduledExecutorService running = this.sender;
		if (running == null || this.streams.isEmpty()) {
			return;
		}
		// Built once: a builder appends its terminating blank line on every build().
		Set<ResponseBodyEmitter.DataWithMediaType> built = event.build();
		submit(running, () -> List.copyOf(this.streams).forEach((emitter) -> send(emitter, built)));
	}

	private void sendSnapshot(Consumer<Stream> snapshot, Stream stream) {
		try {
			snapshot.accept(stream);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, this.name + ": no snapshot for a new stream: " + ex.getMessage(), ex);
		}
	}

	private SseEmitter.SseEventBuilder jsonEvent(String event, Object body) {
		try {
			return SseEmitter.event().name(event).data(this.json.writeValueAsString(body));
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(this.name + ": a " + event + " event did not serialize: " + ex.getMessage(),
					ex);
		}
	}

	/** Open streams, for tests and health. */
	public int openStreams() {
		return this.streams.size();
	}

	/**
	 * False when the feed stopped meanwhile: the publisher must not fail because a page
	 * stopped listening.
	 */
	private static boolean submit(ScheduledExecutorService running, Runnable task) {
		try {
			running.execute(task);
			return true;
		}
		catch (RejectedExecutionException ex) {
			return false;
		}
	}

	private void send(SseEmitter emitter, Set<ResponseBodyEmitter.DataWithMediaType> event) {
		if (!this.streams.contains(emitter)) {
			return;
		}
		try {
			emitter.send(event);
		}
		catch (IOException | IllegalStateException ex) {
			// The browser went away (IOException) or the stream already ended.
			this.streams.remove(emitter);
			emitter.completeWithError(ex);
		}
	}

	private void heartbeat() {
		Set<ResponseBodyEmitter.DataWithMediaType> comment = SseEmitter.event().comment("keep-alive").build();
		List.copyOf(this.streams).forEach((emitter) -> send(emitter, comment));
	}

	public synchronized void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, this.name);
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleWithFixedDelay(this::heartbeat, HEARTBEAT.toMillis(), HEARTBEAT.toMillis(),
				TimeUnit.MILLISECONDS);
		this.sender = executor;
	}

	public synchronized void stop() {
		ScheduledExecutorService executor = this.sender;
		this.sender = null;
		if (executor != null) {
			executor.shutdownNow();
		}
		List.copyOf(this.streams).forEach((emitter) -> {
			this.streams.remove(emitter);
			emitter.complete();
		});
	}

	public boolean isRunning() {
		return this.sender != null;
	}

	/** One browser's stream, for a snapshot's events. */
	public final class Stream {

		private final SseEmitter emitter;

		private Stream(SseEmitter emitter) {
			this.emitter = emitter;
		}

		/** Sends {@code body} as JSON in an event named {@code event}. */
		public void send(String event, Object body) {
			send(jsonEvent(event, body));
		}

		private void send(SseEmitter.SseEventBuilder event) {
			LiveBroadcast.this.send(this.emitter, event.build());
		}

	}

}
