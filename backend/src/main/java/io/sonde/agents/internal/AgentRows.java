package io.sonde.agents.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.store.LineProtocolStrings;

/**
 * Flow records and histograms rendered as line protocol rows of {@code agent_flows} and
 * {@code agent_histograms} (db-migrations V7), timestamps in nanoseconds.
 */
final class AgentRows {

	private final StringBuilder lines = new StringBuilder();

	private int rows;

	/** One flow record line; its row is at the flow's last packet. */
	void flowRecord(AgentEntry entry, Map<String, String> line) {
		long seq = AgentEntry.unsigned(line, "seq");
		EventFlow flow = AgentEventLines.flow(line);
		String reason = AgentEntry.required(line, "reason");
		long lastNs = AgentEntry.unsigned(line, "last_ns");
		StringBuilder out = this.lines;
		out.append("agent_flows,agent=").append(tag(entry.agent())).append(",ifname=").append(tag(entry.ifname()));
		out.append(",reason=").append(tag(reason)).append(",flow_id=").append(tag(AgentEventLines.flowId(flow)));
		out.append(" origin=");
		LineProtocolStrings.appendQuoted(out, entry.origin(seq));
		out.append(",src_ip=");
		LineProtocolStrings.appendQuoted(out, flow.srcIp());
		out.append(",dst_ip=");
		LineProtocolStrings.appendQuoted(out, flow.dstIp());
		out.append(",src_port=").append(flow.srcPort()).append('i');
		out.append(",dst_port=").append(flow.dstPort()).append('i');
		out.append(",protocol=").append(flow.protocol()).append('i');
		out.append(",packets=").append(AgentEntry.unsigned(line, "packets")).append('i');
		out.append(",first_ns=").append(AgentEntry.unsigned(line, "first_ns")).append('i');
		out.append(",path_id=").append(AgentEntry.unsigned(line, "path_id")).append('i');
		out.append(",path=");
		LineProtocolStrings.appendQuoted(out, line.getOrDefault("path", ""));
		out.append(",e2e_latency=").append(AgentEntry.unsigned(line, "e2e_latency")).append('i');
		out.append(",e2e_latency_avg=").append(AgentEntry.decimal(line, "e2e_latency_avg"));
		out.append(",hops=");
		LineProtocolStrings.appendQuoted(out, hops(line));
		out.append(' ').append(lastNs).append('\n');
		this.rows++;
	}

	/** One histogram entry (a switch and metric). */
	void histogram(AgentEntry entry, Map<String, String> fields) {
		long switchId = AgentEntry.unsigned(fields, "switch_id");
		String metric = AgentEntry.required(fields, "metric");
		String bins = AgentEntry.required(fields, "bins");
		for (String bin : bins.split(",")) {
			if (!bin.matches("[0-9]{1,19}")) {
				throw new AgentEntry.MalformedAgentEntry("bins", "'" + bin + "' is not a count");
			}
		}
		StringBuilder out = this.lines;
		out.append("agent_histograms,agent=").append(tag(entry.agent()));
		out.append(",series=").append(tag(entry.ifname() + "/" + switchId + "/" + metric));
		out.append(",ifname=").append(tag(entry.ifname())).append(",metric=").append(tag(metric));
		out.append(" switch_id=").append(switchId).append('i');
		out.append(",run=").append(entry.run()).append('i');
		out.append(",bin_width=").append(AgentEntry.unsigned(fields, "bin_width")).append('i');
		out.append(",bins=");
		LineProtocolStrings.appendQuoted(out, bins);
		out.append(' ').append(AgentEntry.unsigned(fields, "ts_ns")).append('\n');
		this.rows++;
	}

	boolean isEmpty() {
		return this.rows == 0;
	}

	String text() {
		return this.lines.toString();
	}

	/**
	 * The hops {@code h0_...}, {@code h1_...} in order, as the {@code hops} column holds
	 * them.
	 */
	static String hops(Map<String, String> line) {
		List<String> hops = new ArrayList<>();
		for (int i = 0; line.containsKey("h" + i + "_switch"); i++) {
			String h = "h" + i + "_";
			hops.add(AgentEntry.unsigned(line, h + "switch") + "," + AgentEntry.unsigned(line, h + "latency") + ","
					+ AgentEntry.decimal(line, h + "latency_avg") + "," + AgentEntry.unsigned(line, h + "queue") + ","
					+ AgentEntry.decimal(line, h + "queue_avg") + "," + AgentEntry.unsigned(line, h + "util") + ","
					+ AgentEntry.decimal(line, h + "util_avg"));
		}
		return String.join(";", hops);
	}

	/** A tag value: what line protocol would read as a separator escaped. */
	private static String tag(String value) {
		StringBuilder out = new StringBuilder(value.length());
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == ',' || c == ' ' || c == '=' || c == '\\') {
				out.append('\\');
			}
			out.append(c);
		}
		return out.toString();
	}

}
