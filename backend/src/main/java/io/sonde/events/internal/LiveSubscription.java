package io.sonde.events.internal;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.events.EventQuery;
import io.sonde.events.TelemetryEvent;

import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One SSE client: a bounded queue the live tail offers to (never blocking it) and a drain
 * task on the sender pool that writes to the client, at most one at a time per client.
 * When the queue is full the event is counted, not queued; the client gets a {@code lost}
 * event with the count before the next event it does get.
 */
final class LiveSubscription {

	private final EventQuery query;

	private final SseEmitter emitter;

	private final ObjectMapper json;

	private final Executor sender;

	private final BlockingQueue<Object> queue;

	private final AtomicLong missed = new AtomicLong();

	private final AtomicBoolean draining = new AtomicBoolean();

	private volatile boolean closed;

	/** Live events at or before this were already sent by the catch-up (null: none). */
	private volatile EventId caughtUpTo;

	/** Offers are held back until the catch-up from Last-Event-ID is done. */
	private volatile boolean live;

	LiveSubscription(EventQuery query, SseEmitter emitter, ObjectMapper json, Executor sender, int capacity) {
		this.query = query;
		this.emitter = emitter;
		this.json = json;
		this.sender = sender;
		this.queue = new ArrayBlockingQueue<>(capacity);
	}

	boolean closed() {
		return this.closed;
	}

	void close() {
		this.closed = true;
	}

	/** From the tail thread: never blocks. */
	void offer(TelemetryEvent event) {
		if (this.closed || !this.query.matches(event)) {
			return;
		}
		if (!this.live) {
			// During the catch-up the oldest queued events are the ones the catch-up
			// reads from the stream anyway: make room rather than count a loss.
			while (!this.queue.offer(event)) {
				this.queue.poll();
			}
			return;
		}
		if (!this.queue.offer(event)) {
			this.missed.incrementAndGet();
		}
		schedule();
	}

	/**
	 * From the tail thread: the live stream trimmed entries the tail had not read yet (it
	 * fell more than the stream's length behind). Queued in order with the events; never
	 * counted as lost, never dropped.
	 */
	void offerGap(String after, String resumedFrom) {
		if (this.closed || !this.live) {
			return;
		}
		Gap gap = new Gap(after, resumedFrom);
		while (!this.queue.offer(gap)) {
			if (this.queue.poll() != null) {
				this.missed.incrementAndGet();
			}
		}
		schedule();
	}

	private record Gap(String after, String resumedFrom) {
	}

	EventQuery query() {
		return this.query;
	}

	/** The catch-up is done (it sent up to {@code upTo}, null if nothing): go live. */
	void goLive(EventId upTo) {
		this.caughtUpTo = upTo;
		this.live = true;
		schedule();
	}

	private void schedule() {
		if (this.draining.compareAndSet(false, true)) {
			try {
				this.sender.execute(this::drain);
			}
			catch (RejectedExecutionException ex) {
				this.draining.set(false);
				close();
			}
		}
	}

	private void drain() {
		try {
			while (!this.closed) {
				long lost = this.missed.getAndSet(0);
				if (lost > 0) {
					send(SseEmitter.event().name("lost").data(toJson(Map.of("missed", lost))));
				}
				Object next = this.queue.poll();
				if (next == null) {
					break;
				}
				if (next instanceof Gap gap) {
					sendGap(gap.after(), gap.resumedFrom());
					continue;
				}
				TelemetryEvent event = (TelemetryEvent) next;
				EventId upTo = this.caughtUpTo;
				if (upTo != null && EventId.parse("id", event.id()).compareTo(upTo) <= 0) {
					continue;
				}
				sendEvent(event);
			}
		}
		finally {
			this.draining.set(false);
		}
		if (!this.closed && (!this.queue.isEmpty() || this.missed.get() > 0)) {
			schedule();
		}
	}

	/** Writes one event now (the catch-up, on the sender pool). */
	void sendEvent(TelemetryEvent event) {
		if (this.query.matches(event)) {
			send(SseEmitter.event().name("telemetry").id(event.id()).data(toJson(event)));
		}
	}

	void sendGap(String after, String resumedFrom) {
		Map<String, String> gap = (resumedFrom != null) ? Map.of("after", after, "resumedFrom", resumedFrom)
				: Map.of("after", after);
		send(SseEmitter.event().name("gap").data(toJson(gap)));
	}

	private void send(SseEmitter.SseEventBuilder event) {
		if (this.closed) {
			return;
		}
		try {
			this.emitter.send(event);
		}
		catch (IOException | IllegalStateException ex) {
			// The client went away; the emitter's callbacks drop this subscription.
			close();
			this.emitter.completeWithError(ex);
		}
	}

	private String toJson(Object value) {
		try {
			return this.json.writeValueAsString(value);
		}
		catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
			throw new IllegalStateException("cannot write an event as JSON", ex);
		}
	}

}
