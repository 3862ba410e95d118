package io.sonde.web.dashboard.events;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.events.EventQuery;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;

import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * The Events page's live stream: one server-sent event stream per open page, filtered on
 * the server with the page's {@link EventQuery}, fed by {@link EventsAppended}.
 * <p>
 * Resumable: the latest {@value #RECENT} events are kept, so a browser reconnecting with
 * {@code Last-Event-ID} gets what it missed; when that id is older than everything kept
 * it is told so first ({@code gap}). Back-pressure: each stream has a backlog of
 * {@value #BACKLOG} events; what a slow browser cannot take is dropped for it alone and
 * counted ({@code lost}), so a slow page never slows the publisher (ingest).
 * <p>
 * SSE events: {@code event} (an {@link EventRow}, id = its stream id), {@code gap}
 * ({@code {"after": id, "resumedAt": id}}), {@code lost} ({@code {"count": n}}).
 */
@Component
public class EventsLiveFeed implements SmartLifecycle {

	/** Events kept for browsers that reconnect: a few seconds at a busy fabric's rate. */
	static final int RECENT = 20_000;

	/** Events waiting for one browser before it starts losing them. */
	static final int BACKLOG = 5_000;

	static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);

	static final Duration HEARTBEAT = Duration.ofSeconds(15);

	static final long RECONNECT_MILLIS = 1000;

	private final ObjectMapper json;

	/** Guarded by itself; also orders replays against live appends. */
	private final Deque<TelemetryEvent> recent = new ArrayDeque<>();

	private final Map<SseEmitter, Subscriber> subscribers = new ConcurrentHashMap<>();

	private volatile ScheduledExecutorService sender;

	public EventsLiveFeed(ObjectMapper json) {
		this.json = json;
	}

	/**
	 * A new stream of the events matching {@code filter}: those after {@code lastEventId}
	 * that are still kept (none when null), then each as it is appended.
	 */
	public SseEmitter subscribe(EventQuery filter, String lastEventId) {
		SseEmitter stream = new SseEmitter(STREAM_TIMEOUT.toMillis());
		stream.onCompletion(() -> this.subscribers.remove(stream));
		stream.onTimeout(() -> {
			this.subscribers.remove(stream);
			stream.complete();
		});
		stream.onError((ex) -> this.subscribers.remove(stream));
		ScheduledExecutorService running = this.sender;
		if (running == null) {
			stream.complete();
			return stream;
		}
		Subscriber subscriber = new Subscriber(stream, filter);
		subscriber.greeting.add(SseEmitter.event().reconnectTime(RECONNECT_MILLIS).comment("events").build());
		StreamId after = StreamId.parse(lastEventId);
		synchronized (this.recent) {
			if (after != null) {
				replay(subscriber, after);
			}
			this.subscribers.put(stream, subscriber);
		}
		subscriber.schedule(running);
		return stream;
	}

	/** Open streams, for tests. */
	int openStreams() {
		return this.subscribers.size();
	}

	@EventListener
	public void eventsAppended(EventsAppended appended) {
		synchronized (this.recent) {
			for (TelemetryEvent event : appended.events()) {
				if (event.id() == null) {
					continue;
				}
				this.recent.addLast(event);
				if (this.recent.size() > RECENT) {
					this.recent.removeFirst();
				}
			}
			ScheduledExecutorService running = this.sender;
			if (running == null) {
				return;
			}
			for (Subscriber subscriber : this.subscribers.values()) {
				subscriber.offer(appended.events());
				subscriber.schedule(running);
			}
		}
	}

	private void replay(Subscriber subscriber, StreamId after) {
		TelemetryEvent oldest = this.recent.peekFirst();
		if (oldest != null && StreamId.parse(oldest.id()).compareTo(after) > 0) {
			subscriber.greeting.add(SseEmitter.event()
				.name("gap")
				.data(toJson(Map.of("after", after.toString(), "resumedAt", oldest.id())))
				.build());
		}
		List<TelemetryEvent> missed = new ArrayList<>();
		for (TelemetryEvent event : this.recent) {
			StreamId id = StreamId.parse(event.id());
			if (id != null && id.compareTo(after) > 0) {
				missed.add(event);
			}
		}
		subscriber.offer(missed);
	}

	private String toJson(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("an event row is plain values and cannot fail to serialize", ex);
		}
	}

	private void heartbeat() {
		Set<ResponseBodyEmitter.DataWithMediaType> ping = SseEmitter.event().comment("keep-alive").build();
		List.copyOf(this.subscribers.values()).forEach((subscriber) -> subscriber.send(ping));
	}

	@Override
	public synchronized void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "events-live-feed");
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
		List.copyOf(this.subscribers.keySet()).forEach((stream) -> {
			this.subscribers.remove(stream);
			stream.complete();
		});
	}

	@Override
	public boolean isRunning() {
		return this.sender != null;
	}

	/**
	 * One browser: its filter, its backlog and what it lost. Filled on the publisher's
	 * thread, drained on the feed's.
	 */
	private final class Subscriber {

		private final SseEmitter stream;

		private final EventQuery filter;

		/**
		 * What goes before any event: the retry hint, a gap notice. Sender thread only.
		 */
		private final List<Set<ResponseBodyEmitter.DataWithMediaType>> greeting = new ArrayList<>();

		private final ArrayDeque<TelemetryEvent> backlog = new ArrayDeque<>();

		private long lost;

		private boolean scheduled;

		Subscriber(SseEmitter stream, EventQuery filter) {
			this.stream = stream;
			this.filter = filter;
		}

		synchronized void offer(List<TelemetryEvent> events) {
			for (TelemetryEvent event : events) {
				if (!this.filter.matches(event)) {
					continue;
				}
				if (this.backlog.size() < BACKLOG) {
					this.backlog.addLast(event);
				}
				else {
					this.lost++;
				}
			}
		}

		synchronized void schedule(ScheduledExecutorService running) {
			if (this.scheduled || (this.backlog.isEmpty() && this.lost == 0 && this.greeting.isEmpty())) {
				return;
			}
			this.scheduled = true;
			try {
				running.execute(this::drain);
			}
			catch (RejectedExecutionException ex) {
				// The feed stopped meanwhile; stop() ends this stream.
				this.scheduled = false;
			}
		}

		private void drain() {
			List<TelemetryEvent> events;
			long lostNow;
			List<Set<ResponseBodyEmitter.DataWithMediaType>> first;
			synchronized (this) {
				events = List.copyOf(this.backlog);
				this.backlog.clear();
				lostNow = this.lost;
				this.lost = 0;
				first = List.copyOf(this.greeting);
				this.greeting.clear();
				this.scheduled = false;
			}
			// One write (and one flush) for the whole batch.
			Set<ResponseBodyEmitter.DataWithMediaType> batch = new LinkedHashSet<>();
			first.forEach(batch::addAll);
			if (lostNow > 0) {
				batch.addAll(SseEmitter.event().name("lost").data(toJson(Map.of("count", lostNow))).build());
			}
			for (TelemetryEvent event : events) {
				batch.addAll(SseEmitter.event().id(event.id()).name("event").data(toJson(EventRow.of(event))).build());
			}
			send(batch);
		}

		void send(Set<ResponseBodyEmitter.DataWithMediaType> data) {
			if (data.isEmpty() || !EventsLiveFeed.this.subscribers.containsKey(this.stream)) {
				return;
			}
			try {
				this.stream.send(data);
			}
			catch (IOException | IllegalStateException ex) {
				// The browser went away (IOException) or the stream already ended.
				EventsLiveFeed.this.subscribers.remove(this.stream);
				this.stream.completeWithError(ex);
			}
		}

	}

}
