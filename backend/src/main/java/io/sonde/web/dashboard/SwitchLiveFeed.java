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
import java.util.logging.Level;
import java.util.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.switches.SwitchManagement;
import io.sonde.switches.SwitchStateChanged;
import io.sonde.switches.SwitchView;
import io.sonde.topology.TopologyImported;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The dashboard's live view of the managed switches: one server-sent event stream per
 * open page, fed by {@link SwitchStateChanged}. A new stream starts with every switch's
 * current card, so a page rendered a while ago (or an EventSource that reconnected)
 * catches up.
 * <p>
 * Events: {@code switch} (a {@link SwitchCard} as JSON), {@code removed} (the name),
 * {@code topology} (a new topology was imported; the page reloads its graph).
 * <p>
 * All writes to browsers happen on one thread of this feed, never on the thread that
 * published the event (a switch's connection thread must not wait on a slow browser), and
 * in the order the events were published.
 */
@Component
public class SwitchLiveFeed implements SmartLifecycle {

	/**
	 * Streams end after this; EventSource reconnects by itself and gets a fresh snapshot.
	 * Bounded so a stream whose browser vanished without a TCP reset is eventually freed.
	 */
	static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);

	/**
	 * A comment this often finds dead connections (the write fails) and keeps proxies
	 * from closing idle ones.
	 */
	static final Duration HEARTBEAT = Duration.ofSeconds(15);

	/** How long a browser waits before reconnecting a broken stream. */
	static final long RECONNECT_MILLIS = 2000;

	private static final Logger logger = Logger.getLogger(SwitchLiveFeed.class.getName());

	private final SwitchManagement switches;

	private final ObjectMapper json;

	private final Set<SseEmitter> streams = ConcurrentHashMap.newKeySet();

	private volatile ScheduledExecutorService sender;

	public SwitchLiveFeed(SwitchManagement switches, ObjectMapper json) {
		this.switches = switches;
		this.json = json;
	}

	/** A new stream: every switch's card now, then each change as it happens. */
	public SseEmitter subscribe() {
		SseEmitter stream = new SseEmitter(STREAM_TIMEOUT.toMillis());
		stream.onCompletion(() -> this.streams.remove(stream));
		stream.onTimeout(() -> {
			this.streams.remove(stream);
			stream.complete();
		});
		stream.onError((ex) -> this.streams.remove(stream));
		ScheduledExecutorService running = this.sender;
		if (running == null) {
			stream.complete();
			return stream;
		}
		this.streams.add(stream);
		if (!submit(running, () -> sendSnapshot(stream))) {
			this.streams.remove(stream);
			stream.complete();
		}
		return stream;
	}

	/** Open streams, for tests and health. */
	int openStreams() {
		return this.streams.size();
	}

	@EventListener
	public void switchStateChanged(SwitchStateChanged change) {
		SwitchView view = change.view();
		if (view == null) {
			broadcast(SseEmitter.event().name("removed").data(change.name()));
		}
		else {
			broadcast(SseEmitter.event().name("switch").data(toJson(SwitchCard.of(view))));
		}
	}

	@EventListener
	public void topologyImported(TopologyImported imported) {
		broadcast(SseEmitter.event().name("topology").data(imported.imported().topology().name()));
	}

	private void broadcast(SseEmitter.SseEventBuilder event) {
		ScheduledExecutorService running = this.sender;
		if (running == null || this.streams.isEmpty()) {
			return;
		}
		// Built once: a builder appends its terminating blank line on every build().
		Set<ResponseBodyEmitter.DataWithMediaType> built = event.build();
		submit(running, () -> List.copyOf(this.streams).forEach((stream) -> send(stream, built)));
	}

	/**
	 * False when the feed stopped meanwhile: the publisher (a switch's connection thread)
	 * must not fail because a page stopped listening.
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

	private void sendSnapshot(SseEmitter stream) {
		send(stream, SseEmitter.event().reconnectTime(RECONNECT_MILLIS).comment("snapshot"));
		try {
			for (SwitchView view : this.switches.switches()) {
				send(stream, SseEmitter.event().name("switch").data(toJson(SwitchCard.of(view))));
			}
		}
		catch (RuntimeException ex) {
			// The page keeps what it rendered; the next change of each switch updates it.
			logger.log(Level.WARNING, "live switches: no snapshot for a new stream: " + ex.getMessage(), ex);
		}
	}

	private void send(SseEmitter stream, SseEmitter.SseEventBuilder event) {
		send(stream, event.build());
	}

	private void send(SseEmitter stream, Set<ResponseBodyEmitter.DataWithMediaType> event) {
		if (!this.streams.contains(stream)) {
			return;
		}
		try {
			stream.send(event);
		}
		catch (IOException | IllegalStateException ex) {
			// The browser went away (IOException) or the stream already ended.
			this.streams.remove(stream);
			stream.completeWithError(ex);
		}
	}

	private String toJson(SwitchCard card) {
		try {
			return this.json.writeValueAsString(card);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("a SwitchCard is plain strings and cannot fail to serialize", ex);
		}
	}

	private void heartbeat() {
		List.copyOf(this.streams).forEach((stream) -> send(stream, SseEmitter.event().comment("keep-alive")));
	}

	// SmartLifecycle: streams end before the web server stops, so shutdown never waits
	// on them (JAVA_NOTES.md: open SSE connections otherwise hold it).

	@Override
	public synchronized void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "switch-live-feed");
			thread.setDaemon(true);
			return thread;
		});
		executor.scheduleWithFixedDelay(this::heartbeat, HEARTBEAT.toMillis(), HEARTBEAT.toMillis(),
				TimeUnit.MILLISECONDS);
		this.sender = executor;
	}

	@Override
	public synchronized void stop() {
		ScheduledExecutorService executor = this.sender;
		this.sender = null;
		if (executor != null) {
			executor.shutdownNow();
		}
		List.copyOf(this.streams).forEach((stream) -> {
			this.streams.remove(stream);
			stream.complete();
		});
	}

	@Override
	public boolean isRunning() {
		return this.sender != null;
	}

}
