package io.sonde.agents.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;

import org.springframework.context.event.EventListener;

/**
 * Events a second per source, over a sliding window, measured from what the event log
 * appended (so what an agent or collector costs the backend, not what it claims to send).
 */
class EventRates {

	private final Map<String, Deque<long[]>> appends = new ConcurrentHashMap<>();

	private final Duration window;

	private final Clock clock;

	EventRates(Duration window, Clock clock) {
		this.window = window;
		this.clock = clock;
	}

	@EventListener
	void on(EventsAppended appended) {
		long now = this.clock.millis();
		String source = null;
		long run = 0;
		for (TelemetryEvent event : appended.events()) {
			if (!event.source().equals(source)) {
				add(source, run, now);
				source = event.source();
				run = 0;
			}
			run++;
		}
		add(source, run, now);
	}

	private void add(String source, long events, long now) {
		if (events > 0) {
			this.appends.computeIfAbsent(source, (name) -> new ConcurrentLinkedDeque<>())
				.add(new long[] { now, events });
		}
	}

	/** Events a second of every source seen within the window. */
	Map<String, Double> perSecond() {
		long since = this.clock.millis() - this.window.toMillis();
		double seconds = Math.max(0.001, this.window.toMillis() / 1000.0);
		Map<String, Double> out = new ConcurrentHashMap<>();
		this.appends.forEach((source, times) -> {
			while (!times.isEmpty() && times.peekFirst()[0] < since) {
				times.pollFirst();
			}
			long events = times.stream().mapToLong((entry) -> entry[1]).sum();
			if (events > 0) {
				out.put(source, events / seconds);
			}
		});
		return out;
	}

}
