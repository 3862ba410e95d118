package io.sonde.events.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;

/**
 * A {@link TelemetryEvent} as the fields of a live-stream entry and back. Absent fields
 * are nulls; {@code ts} is epoch nanoseconds.
 */
final class LiveEntries {

	private LiveEntries() {
	}

	static Map<String, String> fields(TelemetryEvent event) {
		Map<String, String> fields = new HashMap<>(24);
		fields.put("origin", event.origin());
		fields.put("source", event.source());
		Instant at = event.detectedAt();
		fields.put("ts", Long.toString(at.getEpochSecond() * 1_000_000_000L + at.getNano()));
		fields.put("kind", event.kind().name());
		fields.put("metric", event.metric());
		fields.put("key", event.key());
		fields.put("value", Double.toString(event.value()));
		putIf(fields, "previous", event.previous());
		putIf(fields, "switch_id", event.switchId());
		putIf(fields, "queue_id", event.queueId());
		putIf(fields, "port", event.port());
		EventFlow flow = event.flow();
		if (flow != null) {
			fields.put("src_ip", flow.srcIp());
			fields.put("dst_ip", flow.dstIp());
			fields.put("src_port", Integer.toString(flow.srcPort()));
			fields.put("dst_port", Integer.toString(flow.dstPort()));
			fields.put("protocol", Integer.toString(flow.protocol()));
		}
		if (!event.path().isEmpty()) {
			StringBuilder path = new StringBuilder();
			for (Long sw : event.path()) {
				path.append((path.length() == 0) ? "" : ",").append(sw);
			}
			fields.put("path", path.toString());
		}
		TelemetryEvent.ReportRef report = event.report();
		if (report != null) {
			putIf(fields, "report_node", report.nodeId());
			putIf(fields, "report_seq", report.sequence());
			putIf(fields, "report_hw_id", report.hwId());
		}
		return fields;
	}

	private static void putIf(Map<String, String> fields, String name, Object value) {
		if (value != null) {
			fields.put(name, value.toString());
		}
	}

	static TelemetryEvent event(String id, Map<String, String> fields) {
		long ts = Long.parseLong(fields.get("ts"));
		EventFlow flow = null;
		if (fields.containsKey("src_ip")) {
			flow = new EventFlow(fields.get("src_ip"), fields.get("dst_ip"), Integer.parseInt(fields.get("src_port")),
					Integer.parseInt(fields.get("dst_port")), Integer.parseInt(fields.get("protocol")));
		}
		List<Long> path = new ArrayList<>();
		String pathText = fields.get("path");
		if (pathText != null && !pathText.isEmpty()) {
			for (String sw : pathText.split(",")) {
				path.add(Long.parseLong(sw));
			}
		}
		TelemetryEvent.ReportRef report = null;
		if (fields.containsKey("report_node") || fields.containsKey("report_seq")
				|| fields.containsKey("report_hw_id")) {
			String hwId = fields.get("report_hw_id");
			report = new TelemetryEvent.ReportRef(longOrNull(fields.get("report_node")),
					longOrNull(fields.get("report_seq")), (hwId != null) ? Integer.valueOf(hwId) : null);
		}
		String previous = fields.get("previous");
		return new TelemetryEvent(id, fields.get("origin"), fields.get("source"),
				Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L)),
				EventKind.valueOf(fields.get("kind")), fields.get("metric"), fields.get("key"),
				Double.parseDouble(fields.get("value")), (previous != null) ? Double.valueOf(previous) : null,
				longOrNull(fields.get("switch_id")), longOrNull(fields.get("queue_id")), longOrNull(fields.get("port")),
				flow, path, report);
	}

	private static Long longOrNull(String text) {
		return (text != null) ? Long.valueOf(text) : null;
	}

}
