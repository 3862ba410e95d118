package io.sonde.alerts.internal;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.sonde.events.EventFlow;
import io.sonde.events.TelemetryEvent;

/**
 * What tells an event rule's series apart: the switch, queue, port, flow and metric of
 * the events. Counting an event allocates one small key, its hash computed once, and
 * builds no labels; labels are built only for the series being evaluated.
 */
final class EventSeries {

	/** What an absent field mixes into a fingerprint. */
	private static final long ABSENT = 0x9E3779B97F4A7C15L;

	private final Long switchId;

	private final Long queueId;

	private final Long port;

	private final EventFlow flow;

	private final String metric;

	/** Computed once: the key is looked up in one map per rule it matches. */
	private final int hash;

	EventSeries(Long switchId, Long queueId, Long port, EventFlow flow, String metric) {
		this.switchId = switchId;
		this.queueId = queueId;
		this.port = port;
		this.flow = flow;
		this.metric = metric;
		this.hash = Objects.hash(switchId, queueId, port, flow, metric);
	}

	static EventSeries of(TelemetryEvent event) {
		return new EventSeries(event.switchId(), event.queueId(), event.port(), event.flow(), event.metric());
	}

	/**
	 * A 64-bit fingerprint of the event's series, never 0: what {@link SeriesTable} keys
	 * on, computed from the event's own fields without making a key object. Text enters
	 * by its {@link String#hashCode}, which the JDK computes in a tight loop and keeps in
	 * the string (hashing characters here one by one was the engine's largest cost in a
	 * profile of the ingest); the addresses' lengths go in beside their hashes.
	 */
	static long fingerprint(TelemetryEvent event) {
		long hash = 0x243F6A8885A308D3L;
		hash = mix(hash, number(event.switchId()));
		hash = mix(hash, number(event.queueId()));
		hash = mix(hash, number(event.port()));
		hash = mix(hash, (event.metric() != null) ? event.metric().hashCode() : ABSENT);
		EventFlow flow = event.flow();
		if (flow == null) {
			hash = mix(hash, ABSENT);
		}
		else {
			hash = mix(hash, ((long) flow.srcIp().hashCode() << 32) | (flow.dstIp().hashCode() & 0xFFFFFFFFL));
			hash = mix(hash, ((long) flow.srcPort() << 32) | (flow.dstPort() & 0xFFFFFFFFL));
			hash = mix(hash,
					flow.protocol() ^ ((long) flow.srcIp().length() << 16) ^ ((long) flow.dstIp().length() << 40));
		}
		return (hash != 0) ? hash : 1;
	}

	private static long number(Long value) {
		return (value != null) ? value : ABSENT;
	}

	private static long mix(long hash, long value) {
		long mixed = (hash ^ value) * 0xff51afd7ed558ccdL;
		return mixed ^ (mixed >>> 33);
	}

	/**
	 * The series' labels: {@code switch} (the switch's name when known, else its id),
	 * {@code queue}, {@code port}, {@code flow}, {@code metric}, each when the events
	 * carry it.
	 */
	Map<String, String> labels(Map<Long, String> switchNames) {
		Map<String, String> labels = new TreeMap<>();
		if (this.switchId != null) {
			labels.put("switch", switchNames.getOrDefault(this.switchId, Long.toString(this.switchId)));
		}
		if (this.queueId != null) {
			labels.put("queue", Long.toString(this.queueId));
		}
		if (this.port != null) {
			labels.put("port", Long.toString(this.port));
		}
		if (this.flow != null) {
			labels.put("flow", this.flow.toString());
		}
		labels.put("metric", this.metric);
		return labels;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof EventSeries series && series.hash == this.hash
				&& Objects.equals(series.switchId, this.switchId) && Objects.equals(series.queueId, this.queueId)
				&& Objects.equals(series.port, this.port) && Objects.equals(series.metric, this.metric)
				&& Objects.equals(series.flow, this.flow);
	}

	@Override
	public int hashCode() {
		return this.hash;
	}

}
