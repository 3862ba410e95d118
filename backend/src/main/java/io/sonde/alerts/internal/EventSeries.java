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
