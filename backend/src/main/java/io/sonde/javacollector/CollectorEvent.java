package io.sonde.javacollector;

import java.util.List;
import java.util.Objects;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;

/**
 * One INTCollector event, the fields of the XDP collector's
 * {@code struct collector_event} without its timestamp, with the identity of the report
 * it was detected in. Unsigned 64-bit values are kept as their bits in a {@code long}.
 *
 * @param metric which metric
 * @param kind new key, or a change past the threshold
 * @param switchId switch of a switch or flow-switch metric, else 0
 * @param id queue id or egress interface id, else 0
 * @param flow flow of a flow or flow-switch metric, else null
 * @param value the new value (flow path: the number of hops)
 * @param previous the last reported value (flow path: the last number of hops); 0 for a
 * new key
 * @param path flow path: the switch ids, the node nearest the source first; else empty
 * @param report the identity of the telemetry report the event was detected in; null when
 * it came from an INT-MD data packet
 */
public record CollectorEvent(CollectorMetric metric, CollectorEventKind kind, long switchId, long id,
		CollectorFlow flow, long value, long previous, List<Long> path, CollectorReportId report) {

	public CollectorEvent {
		Objects.requireNonNull(metric, "metric");
		Objects.requireNonNull(kind, "kind");
		path = List.copyOf(path);
	}

	/** An event without a report identity (from an INT-MD data packet). */
	public CollectorEvent(CollectorMetric metric, CollectorEventKind kind, long switchId, long id, CollectorFlow flow,
			long value, long previous, List<Long> path) {
		this(metric, kind, switchId, id, flow, value, previous, path, null);
	}

	/** This event with another report identity. */
	public CollectorEvent withReport(CollectorReportId report) {
		return new CollectorEvent(this.metric, this.kind, this.switchId, this.id, this.flow, this.value, this.previous,
				this.path, report);
	}

	@Override
	public String toString() {
		return this.metric.wireName() + " " + this.kind.wireName() + " sw=" + this.switchId + " id=" + this.id
				+ " flow=" + this.flow + " value=" + Long.toUnsignedString(this.value) + " previous="
				+ Long.toUnsignedString(this.previous) + ((this.path.isEmpty()) ? "" : " path=" + this.path)
				+ ((this.report != null) ? " report=[" + this.report + "]" : "");
	}

}
