package io.sonde.metrics.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.events.EventFlow;
import io.sonde.events.TelemetryEvent;

/**
 * The latest value of every metric key seen since start: what the periodic push writes
 * and what the key pickers list. Kept from the events rather than read from the
 * collectors' snapshot stream so it covers every source (the XDP daemon, the Java
 * collector, agents) the same way and needs no second reader of the {@code backend}
 * consumer group the ingest path owns; the price is that a key's value is its last
 * reported one, within T(m) of the latest the collector saw.
 */
final class LatestValues {

	/**
	 * By metric, then by key: the few metric names are constants whose hash is cached, so
	 * an update hashes its key text once. A key's slot is found once and then updated in
	 * place, its detection time kept beside the value: an update reads the slot, not the
	 * event it replaces and that event's {@code Instant}. At tens of thousands of keys
	 * each of those reads is a likely cache miss (the exporter's share of the ingest
	 * thread's time, make bench-ingest under JFR).
	 */
	private final Map<String, Map<String, Slot>> latest = new ConcurrentHashMap<>();

	private final AtomicLong size = new AtomicLong();

	private final int maxKeys;

	private final AtomicLong refused = new AtomicLong();

	/**
	 * @param maxKeys keys kept at most; a new key past it is not pushed (and counted)
	 */
	LatestValues(int maxKeys) {
		this.maxKeys = maxKeys;
	}

	/** Keeps the event's value if it is the newest of its key. */
	void update(TelemetryEvent event) {
		Map<String, Slot> keys = this.latest.computeIfAbsent(event.metric(), (metric) -> new ConcurrentHashMap<>());
		Slot slot = keys.get(event.key());
		if (slot == null) {
			if (this.size.get() >= this.maxKeys) {
				this.refused.incrementAndGet();
				return;
			}
			slot = keys.putIfAbsent(event.key(), new Slot(event));
			if (slot == null) {
				this.size.incrementAndGet();
				return;
			}
		}
		slot.offer(event);
	}

	/** Events of new keys not kept because the table was full. */
	long refused() {
		return this.refused.get();
	}

	/** Every key's latest value, in no order: what a push writes. */
	Collection<Latest> unordered() {
		List<Latest> all = new ArrayList<>(size());
		this.latest.values().forEach((keys) -> keys.values().forEach((slot) -> all.add(slot.latest())));
		return all;
	}

	/** Every key's latest value, by metric and key. */
	List<Latest> all() {
		return unordered().stream().sorted(Comparator.comparing(Latest::metric).thenComparing(Latest::key)).toList();
	}

	int size() {
		return (int) this.size.get();
	}

	/**
	 * A key's latest value, with what its events say about the key: the key's parts
	 * (switch, queue, port, flow) and, of the latest event, its source and path.
	 */
	record Latest(String metric, String key, String source, Long switchId, Long queueId, Long port, EventFlow flow,
			List<Long> path, double value, Instant detectedAt) {
	}

	/**
	 * One key's latest value and detection time. The slot keeps the key's first event,
	 * for what all of a key's events share (its metric, and the key's parts: a key is the
	 * text of its switch, queue, port or flow, see {@link TelemetryEvent#key}), and
	 * copies only what changes out of later events. Keeping each later event instead kept
	 * tens of thousands of them alive across every young collection, to be copied and
	 * promoted only to die in the old generation (make bench-ingest: long and frequent
	 * young pauses of G1).
	 */
	private static final class Slot {

		private final TelemetryEvent first;

		private String source;

		private List<Long> path;

		private double value;

		private long seconds;

		private int nanos;

		Slot(TelemetryEvent event) {
			this.first = event;
			take(event);
		}

		/** Another thread may update the key meanwhile: the later detection wins. */
		synchronized void offer(TelemetryEvent update) {
			Instant at = update.detectedAt();
			long s = at.getEpochSecond();
			if (s > this.seconds || (s == this.seconds && at.getNano() >= this.nanos)) {
				take(update);
			}
		}

		private void take(TelemetryEvent event) {
			this.source = event.source();
			this.path = event.path();
			this.value = event.value();
			this.seconds = event.detectedAt().getEpochSecond();
			this.nanos = event.detectedAt().getNano();
		}

		synchronized Latest latest() {
			return new Latest(this.first.metric(), this.first.key(), this.source, this.first.switchId(),
					this.first.queueId(), this.first.port(), this.first.flow(), this.path, this.value,
					Instant.ofEpochSecond(this.seconds, this.nanos));
		}

	}

}
