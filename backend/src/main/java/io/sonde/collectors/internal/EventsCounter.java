package io.sonde.collectors.internal;

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
		for (TelemetryEvent event : appended.events()) {
			this.byMetric.computeIfAbsent(event.metric(), (metric) -> new LongAdder()).increment();
		}
		this.total.addAndGet(appended.events().size());
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
