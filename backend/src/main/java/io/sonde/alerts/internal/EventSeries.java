package io.sonde.alerts.internal;

import java.util.Map;
import java.util.TreeMap;

import io.sonde.events.EventFlow;
import io.sonde.events.TelemetryEvent;

/**
 * What tells an event rule's series apart: the switch, queue, port, flow and metric of
 * the events. A record, so that counting an event allocates one small object and builds
 * no labels; labels are built only for the series being evaluated.
 */
record EventSeries(Long switchId, Long queueId, Long port, EventFlow flow, String metric) {

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

}
