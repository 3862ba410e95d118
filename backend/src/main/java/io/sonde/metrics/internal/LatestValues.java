package io.sonde.metrics.internal;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.events.TelemetryEvent;

/**
 * The latest event of every metric key seen since start: what the periodic push writes
 * and what the key pickers list. Kept from the events rather than read from the
 * collectors' snapshot stream so it covers every source (the XDP daemon, the Java
 * collector, agents) the same way and needs no second reader of the {@code backend}
 * consumer group the ingest path owns; the price is that a key's value is its last
 * reported one, within T(m) of the latest the collector saw.
 */
final class LatestValues {

	private final Map<SeriesKey, TelemetryEvent> latest = new ConcurrentHashMap<>();

	private final int maxKeys;

	private final AtomicLong refused = new AtomicLong();

	/**
	 * @param maxKeys keys kept at most; a new key past it is not pushed (and counted)
	 */
	LatestValues(int maxKeys) {
		this.maxKeys = maxKeys;
	}

	/** Keeps the event if it is the newest of its key. */
	void update(TelemetryEvent event) {
		SeriesKey key = new SeriesKey(event.metric(), event.key());
		if (this.latest.size() >= this.maxKeys && !this.latest.containsKey(key)) {
			this.refused.incrementAndGet();
			return;
		}
		this.latest.merge(key, event,
				(old, candidate) -> candidate.detectedAt().isBefore(old.detectedAt()) ? old : candidate);
	}

	/** Events of new keys not kept because the table was full. */
	long refused() {
		return this.refused.get();
	}

	/** Every key's latest event, in no order: what a push writes. */
	Collection<TelemetryEvent> unordered() {
		return this.latest.values();
	}

	/** Every key's latest event, by metric and key. */
	List<TelemetryEvent> all() {
		return this.latest.values()
			.stream()
			.sorted(Comparator.comparing(TelemetryEvent::metric).thenComparing(TelemetryEvent::key))
			.toList();
	}

	int size() {
		return this.latest.size();
	}

	private record SeriesKey(String metric, String key) {

	}

}
