package io.sonde.events.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.store.LineProtocolStrings;

/**
 * A {@link TelemetryEvent} as a row of the {@code events} table (db-migrations/questdb
 * V2, V4) and back. The store keeps the detection time in nanoseconds (V4).
 */
final class EventRows {

	static final String TABLE = "events";

	/**
	 * A row's flow as {@link EventFlow#toString()} writes it, in SQL: computed from the
	 * 5-tuple's columns rather than stored again (the {@code flow} column of rows written
	 * before 26 Nov 2026 holds the same text). NULL for a row without a flow.
	 */
	static final String FLOW_TEXT = "(CASE WHEN src_ip IS NULL THEN NULL ELSE concat(src_ip, ':', src_port, '>', "
			+ "dst_ip, ':', dst_port, '/', protocol) END)";

	/** The columns {@link #event} reads, in SQL. */
	static final String COLUMNS = "ts::long AS ts_ns, origin, source, kind, metric, event_key, value, previous, "
			+ "switch_id, queue_id, port, src_ip, dst_ip, src_port, dst_port, protocol, path, report_node, "
			+ "report_seq, report_hw_id";

	private EventRows() {
	}

	/**
	 * The same row as {@link #point}, rendered straight to line protocol: what the ingest
	 * writes, without building maps and client points per event.
	 */
	static void appendLine(StringBuilder out, TelemetryEvent event) {
		out.append(TABLE).append(",source=");
		tag(out, event.source());
		out.append(",kind=").append(event.kind().name()).append(",metric=");
		tag(out, event.metric());
		out.append(" origin=");
		LineProtocolStrings.appendQuoted(out, event.origin());
		out.append(",event_key=");
		LineProtocolStrings.appendQuoted(out, event.key());
		if (Double.isFinite(event.value())) {
			// Line protocol has no NaN: such a value is stored as NULL.
			out.append(",value=");
			number(out, event.value());
		}
		if (event.previous() != null && Double.isFinite(event.previous())) {
			out.append(",previous=");
			number(out, event.previous());
		}
		integer(out, "switch_id", event.switchId());
		integer(out, "queue_id", event.queueId());
		integer(out, "port", event.port());
		EventFlow flow = event.flow();
		if (flow != null) {
			out.append(",src_ip=");
			LineProtocolStrings.appendQuoted(out, flow.srcIp());
			out.append(",dst_ip=");
			LineProtocolStrings.appendQuoted(out, flow.dstIp());
			integer(out, "src_port", (long) flow.srcPort());
			integer(out, "dst_port", (long) flow.dstPort());
			integer(out, "protocol", (long) flow.protocol());
		}
		if (!event.path().isEmpty()) {
			out.append(",path=\"").append(pathText(event.path())).append('"');
		}
		TelemetryEvent.ReportRef report = event.report();
		if (report != null) {
			integer(out, "report_node", report.nodeId());
			integer(out, "report_seq", report.sequence());
			integer(out, "report_hw_id", (report.hwId() != null) ? report.hwId().longValue() : null);
		}
		Instant at = event.detectedAt();
		out.append(' ').append(at.getEpochSecond() * 1_000_000_000L + at.getNano()).append('\n');
	}

	/**
	 * The {@code path} column: switch ids between commas, {@code ",11,12,13,"}, so a
	 * switch filter can match {@code ",12,"}.
	 */
	static String pathText(List<Long> path) {
		StringBuilder text = new StringBuilder(path.size() * 4 + 1).append(',');
		for (Long sw : path) {
			text.append(sw).append(',');
		}
		return text.toString();
	}

	private static void tag(StringBuilder out, String value) {
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == ',' || c == ' ' || c == '=' || c == '\\') {
				out.append('\\');
			}
			out.append(c);
		}
	}

	private static void number(StringBuilder out, double value) {
		if (value == Math.rint(value) && Math.abs(value) < 1e15) {
			// Integral values without an exponent; a bare number is a float
			// in line protocol.
			out.append((long) value);
		}
		else {
			out.append(value);
		}
	}

	private static void integer(StringBuilder out, String name, Long value) {
		if (value != null) {
			out.append(',').append(name).append('=').append(value.longValue()).append('i');
		}
	}

	static TelemetryEvent event(Map<String, Object> row) {
		long nanos = number(row, "ts_ns");
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
				Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L)),
				EventKind.valueOf(row.get("kind").toString()), row.get("metric").toString(),
				(String) row.get("event_key"), doubleOrNaN(row, "value"),
				(previous != null) ? ((Number) previous).doubleValue() : null, longOrNull(row, "switch_id"),
				longOrNull(row, "queue_id"), longOrNull(row, "port"), flow, path, report);
	}

	private static long number(Map<String, Object> row, String column) {
		return ((Number) row.get(column)).longValue();
	}

	/**
	 * A value stored as NULL was not finite (line protocol has no NaN): it reads as NaN.
	 */
	private static double doubleOrNaN(Map<String, Object> row, String column) {
		Object value = row.get(column);
		return (value != null) ? ((Number) value).doubleValue() : Double.NaN;
	}

	private static Long longOrNull(Map<String, Object> row, String column) {
		Object value = row.get(column);
		return (value != null) ? ((Number) value).longValue() : null;
	}

}
