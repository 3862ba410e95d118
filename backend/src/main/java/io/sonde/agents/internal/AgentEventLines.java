package io.sonde.agents.internal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;

/**
 * An agent's event line as the event log's {@link TelemetryEvent}: {@code THRESHOLD} when
 * the T bit is set, else {@code CHANGED}; keyed like the collectors' (the flow, or the
 * flow and {@code @switch} for a per-switch metric).
 */
final class AgentEventLines {

	private AgentEventLines() {
	}

	static TelemetryEvent event(AgentEntry entry, Map<String, String> line) {
		long seq = AgentEntry.unsigned(line, "seq");
		EventKind kind = switch (AgentEntry.required(line, "kind")) {
			case "threshold" -> EventKind.THRESHOLD;
			case "changed" -> EventKind.CHANGED;
			default -> throw new AgentEntry.MalformedAgentEntry("kind", "not threshold or changed");
		};
		String metric = AgentEntry.required(line, "metric");
		long tsNs = AgentEntry.unsigned(line, "ts_ns");
		EventFlow flow = flow(line);
		Long switchId = line.containsKey("switch_id") && !metric.startsWith("flow_")
				? AgentEntry.unsigned(line, "switch_id") : null;
		String key = (switchId != null) ? flow + "@" + switchId : flow.toString();
		Double previous = line.containsKey("previous") ? AgentEntry.decimal(line, "previous") : null;
		return new TelemetryEvent(null, entry.origin(seq), entry.source(), Instant.ofEpochSecond(0, tsNs), kind, metric,
				key, AgentEntry.decimal(line, "value"), previous, switchId, null, null, flow, List.of(), null);
	}

	static EventFlow flow(Map<String, String> line) {
		return new EventFlow(AgentEntry.required(line, "src_ip"), AgentEntry.required(line, "dst_ip"),
				(int) AgentEntry.unsigned(line, "src_port"), (int) AgentEntry.unsigned(line, "dst_port"),
				(int) AgentEntry.unsigned(line, "protocol"));
	}

	/**
	 * {@code srcIp:srcPort-dstIp:dstPort-protocol}, an IPv6 address in brackets as RFC
	 * 5952 section 6 writes it with a port:
	 * {@code [2001:db8::1]:5000-[2001:db8::2]:80-17}.
	 */
	static String flowId(EventFlow flow) {
		return endpoint(flow.srcIp(), flow.srcPort()) + "-" + endpoint(flow.dstIp(), flow.dstPort()) + "-"
				+ flow.protocol();
	}

	private static String endpoint(String ip, int port) {
		// Only an IPv6 address has a colon; without brackets its last group would read as
		// the port.
		return (ip.indexOf(':') >= 0) ? "[" + ip + "]:" + port : ip + ":" + port;
	}

}
