package io.sonde.collectorfleet.internal;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;

import org.springframework.context.event.EventListener;

/** M_event: the events the event log appended since start, per metric. */
class EventsCounter {

	private final AtomicLong total = new AtomicLong();

	private final Map<String, LongAdder> byMetric = new ConcurrentHashMap<>();

	@EventListener
	void on(EventsAppended appended) {
		// Counted a run of one metric at a time: a batch is mostly runs, and a map lookup
		// and a shared counter's update per event are paid by the ingest thread.
		String metric = null;
		long run = 0;
		for (TelemetryEvent event : appended.events()) {
			if (!event.metric().equals(metric)) {
				add(metric, run);
				metric = event.metric();
				run = 0;
			}
			run++;
		}
		add(metric, run);
		this.total.addAndGet(appended.events().size());
	}

	private void add(String metric, long events) {
		if (events > 0) {
			this.byMetric.computeIfAbsent(metric, (name) -> new LongAdder()).add(events);
		}
	}

	long total() {
		return this.total.get();
	}

	Map<String, Long> byMetric() {
		Map<String, Long> out = new TreeMap<>();
		this.byMetric.forEach((metric, count) -> out.put(metric, count.sum()));
		return out;
	}

}
