package io.sonde.events;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One event, whatever its source (the XDP collector, the Java collector, NIC agents,
 * probes, labeling): the model every module stores, streams and shows.
 *
 * @param id the event's id in the live stream (a Redis stream id,
 * {@code 1700000000000-3}); null until the event log has appended it
 * @param origin where it was produced, unique per event and stable across redeliveries
 * (e.g. {@code xdp/node/ifname/run/seq}); the store deduplicates on it
 * @param source the producer, for people and filters: {@code xdp:node/ifname},
 * {@code java:node}, ...
 * @param detectedAt when the source detected it
 * @param kind what happened
 * @param metric {@code flow_path}, {@code flow_latency}, {@code hop_latency},
 * {@code queue_occupancy}, {@code queue_congestion}, {@code link_utilization}, or another
 * source's metric name
 * @param key the metric's key as text, stable for a key (Table I: flow, flow + switch,
 * switch + queue, switch + egress port)
 * @param value the new value
 * @param previous the last reported value; null for a new key
 * @param switchId switch of a per-switch metric; null otherwise
 * @param queueId queue of a queue metric; null otherwise
 * @param port egress port or interface of a link metric; null otherwise
 * @param flow the flow of a flow metric; null otherwise
 * @param path flow path: switch ids from source to sink; empty otherwise
 * @param report the telemetry report it was detected in; null if unknown
 */
public record TelemetryEvent(String id, String origin, String source, Instant detectedAt, EventKind kind, String metric,
		String key, double value, Double previous, Long switchId, Long queueId, Long port, EventFlow flow,
		List<Long> path, ReportRef report) {

	public TelemetryEvent {
		Objects.requireNonNull(origin, "origin");
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(detectedAt, "detectedAt");
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(metric, "metric");
		Objects.requireNonNull(key, "key");
		path = (path != null) ? List.copyOf(path) : List.of();
	}

	/** This event as appended under {@code streamId}. */
	public TelemetryEvent withId(String streamId) {
		return new TelemetryEvent(streamId, this.origin, this.source, this.detectedAt, this.kind, this.metric, this.key,
				this.value, this.previous, this.switchId, this.queueId, this.port, this.flow, this.path, this.report);
	}

	/**
	 * The telemetry report an event came from.
	 *
	 * @param nodeId the reporting switch (TR2.0 node id)
	 * @param sequence the report's sequence number
	 * @param hwId the report's hw_id
	 */
	public record ReportRef(Long nodeId, Long sequence, Integer hwId) {
	}

}
