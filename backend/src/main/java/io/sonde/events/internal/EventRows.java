package io.sonde.events.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.MetricPoint;

/**
 * A {@link TelemetryEvent} as a row of the {@code events} table (db-migrations/questdb
 * V2) and back. The store keeps microseconds: a nanosecond detection time comes back
 * truncated.
 */
final class EventRows {

	static final String TABLE = "events";

	/** The columns {@link #event} reads, in SQL. */
	static final String COLUMNS = "ts::long AS ts_us, origin, source, kind, metric, event_key, value, previous, "
			+ "switch_id, queue_id, port, src_ip, dst_ip, src_port, dst_port, protocol, path, report_node, "
			+ "report_seq, report_hw_id";

	private EventRows() {
	}

	static MetricPoint point(TelemetryEvent event) {
		Map<String, Object> fields = new HashMap<>(24);
		fields.put("origin", event.origin());
		fields.put("event_key", event.key());
		fields.put("value", event.value());
		putIf(fields, "previous", event.previous());
		putIf(fields, "switch_id", event.switchId());
		putIf(fields, "queue_id", event.queueId());
		putIf(fields, "port", event.port());
		EventFlow flow = event.flow();
		if (flow != null) {
			fields.put("src_ip", flow.srcIp());
			fields.put("dst_ip", flow.dstIp());
			fields.put("src_port", (long) flow.srcPort());
			fields.put("dst_port", (long) flow.dstPort());
			fields.put("protocol", (long) flow.protocol());
			fields.put("flow", flow.toString());
		}
		if (!event.path().isEmpty()) {
			StringBuilder path = new StringBuilder(",");
			for (Long sw : event.path()) {
				path.append(sw).append(',');
			}
			fields.put("path", path.toString());
		}
		TelemetryEvent.ReportRef report = event.report();
		if (report != null) {
			putIf(fields, "report_node", report.nodeId());
			putIf(fields, "report_seq", report.sequence());
			if (report.hwId() != null) {
				fields.put("report_hw_id", report.hwId().longValue());
			}
		}
		Map<String, String> tags = Map.of("source", event.source(), "kind", event.kind().name(), "metric",
				event.metric());
		return new MetricPoint(TABLE, tags, fields, event.detectedAt());
	}

	private static void putIf(Map<String, Object> fields, String name, Object value) {
		if (value != null) {
			fields.put(name, value);
		}
	}

	static TelemetryEvent event(Map<String, Object> row) {
		long micros = number(row, "ts_us");
		EventFlow flow = null;
		if (row.get("src_ip") != null) {
			flow = new EventFlow((String) row.get("src_ip"), (String) row.get("dst_ip"), (int) number(row, "src_port"),
					(int) number(row, "dst_port"), (int) number(row, "protocol"));
		}
		List<Long> path = new ArrayList<>();
		Object pathText = row.get("path");
		if (pathText != null) {
			for (String sw : pathText.toString().split(",")) {
				if (!sw.isEmpty()) {
					path.add(Long.parseLong(sw));
				}
			}
		}
		TelemetryEvent.ReportRef report = null;
		if (row.get("report_node") != null || row.get("report_seq") != null || row.get("report_hw_id") != null) {
			Long hwId = longOrNull(row, "report_hw_id");
			report = new TelemetryEvent.ReportRef(longOrNull(row, "report_node"), longOrNull(row, "report_seq"),
					(hwId != null) ? hwId.intValue() : null);
		}
		Object previous = row.get("previous");
		return new TelemetryEvent(null, (String) row.get("origin"), row.get("source").toString(),
				Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L),
				EventKind.valueOf(row.get("kind").toString()), row.get("metric").toString(),
				(String) row.get("event_key"), ((Number) row.get("value")).doubleValue(),
				(previous != null) ? ((Number) previous).doubleValue() : null, longOrNull(row, "switch_id"),
				longOrNull(row, "queue_id"), longOrNull(row, "port"), flow, path, report);
	}

	private static long number(Map<String, Object> row, String column) {
		return ((Number) row.get(column)).longValue();
	}

	private static Long longOrNull(Map<String, Object> row, String column) {
		Object value = row.get(column);
		return (value != null) ? ((Number) value).longValue() : null;
	}

}
