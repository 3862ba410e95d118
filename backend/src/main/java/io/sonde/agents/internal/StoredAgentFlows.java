package io.sonde.agents.internal;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.sonde.agents.AgentFlows;
import io.sonde.agents.FlowDetail;
import io.sonde.agents.FlowHop;
import io.sonde.agents.FlowSummary;
import io.sonde.agents.SwitchHistogram;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.questdb.TimeSeriesSql;

/**
 * Flow records and histograms in QuestDB: written as line protocol (deduplicated on
 * origin, so a redelivered record overwrites its own row), read with {@code LATEST ON}.
 */
class StoredAgentFlows implements AgentFlows {

	/** A hop value the switch did not give, as the agent's records carry it. */
	static final long UNAVAILABLE = 0xFFFF_FFFFL;

	private static final String FLOW_COLUMNS = "ts, agent, flow_id, src_ip, dst_ip, src_port, dst_port, protocol, "
			+ "packets, path_id, path, e2e_latency, e2e_latency_avg, hops";

	private final TimeSeriesStore store;

	private final TimeSeriesSql sql;

	StoredAgentFlows(TimeSeriesStore store, TimeSeriesSql sql) {
		this.store = store;
		this.sql = sql;
	}

	void write(AgentRows rows) {
		if (!rows.isEmpty()) {
			this.store.writeLineProtocol(rows.text());
		}
	}

	@Override
	public List<FlowSummary> top(int limit, String agent, Instant since) {
		List<Object> parameters = new ArrayList<>();
		parameters.add(LocalDateTime.ofInstant(since, ZoneOffset.UTC));
		String byAgent = "";
		if (agent != null) {
			byAgent = " AND agent = ?";
			parameters.add(agent);
		}
		List<Map<String, Object>> rows = this.sql
			.select("SELECT cast(ts AS LONG) ts_us, * FROM (SELECT " + FLOW_COLUMNS + " FROM agent_flows WHERE ts >= ?"
					+ byAgent + " LATEST ON ts PARTITION BY flow_id) ORDER BY e2e_latency DESC, flow_id LIMIT " + limit,
					parameters.toArray());
		return rows.stream().map(StoredAgentFlows::summary).toList();
	}

	@Override
	public Optional<FlowDetail> flow(String flowId) {
		List<Map<String, Object>> rows = this.sql.select("SELECT cast(ts AS LONG) ts_us, * FROM (SELECT " + FLOW_COLUMNS
				+ " FROM agent_flows WHERE flow_id = ? LATEST ON ts PARTITION BY flow_id)", flowId);
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		Map<String, Object> row = rows.get(0);
		return Optional.of(FlowDetail.of(summary(row), hops(String.valueOf(row.get("hops")))));
	}

	@Override
	public List<SwitchHistogram> histograms(String agent, Long switchId, String metric) {
		StringBuilder where = new StringBuilder(" WHERE agent = ?");
		List<Object> parameters = new ArrayList<>(List.of(agent));
		if (switchId != null) {
			where.append(" AND switch_id = ?");
			parameters.add(switchId);
		}
		if (metric != null) {
			where.append(" AND metric = ?");
			parameters.add(metric);
		}
		List<Map<String, Object>> rows = this.sql.select(
				"SELECT cast(ts AS LONG) ts_us, * FROM (SELECT ts, ifname, switch_id, metric, bin_width, bins"
						+ " FROM agent_histograms" + where
						+ " LATEST ON ts PARTITION BY series) ORDER BY switch_id, metric, ifname",
				parameters.toArray());
		List<SwitchHistogram> out = new ArrayList<>();
		for (Map<String, Object> row : rows) {
			List<Long> bins = new ArrayList<>();
			for (String bin : String.valueOf(row.get("bins")).split(",")) {
				bins.add(Long.parseLong(bin));
			}
			out.add(new SwitchHistogram(String.valueOf(row.get("ifname")), number(row, "switch_id"),
					String.valueOf(row.get("metric")), number(row, "bin_width"), bins, instant(row)));
		}
		return out;
	}

	private static FlowSummary summary(Map<String, Object> row) {
		List<Long> path = new ArrayList<>();
		String text = (row.get("path") != null) ? row.get("path").toString() : "";
		for (String id : text.split(",")) {
			if (!id.isBlank()) {
				path.add(Long.parseLong(id.trim()));
			}
		}
		return new FlowSummary(String.valueOf(row.get("flow_id")), String.valueOf(row.get("src_ip")),
				String.valueOf(row.get("dst_ip")), (int) number(row, "src_port"), (int) number(row, "dst_port"),
				(int) number(row, "protocol"), number(row, "packets"), number(row, "e2e_latency"),
				((Number) row.get("e2e_latency_avg")).doubleValue(), number(row, "path_id"), path, instant(row),
				String.valueOf(row.get("agent")));
	}

	/** The {@code hops} column back as hops (AgentRows writes it). */
	static List<FlowHop> hops(String column) {
		List<FlowHop> hops = new ArrayList<>();
		if (column == null || column.isBlank() || "null".equals(column)) {
			return hops;
		}
		String[] each = column.split(";");
		for (int i = 0; i < each.length; i++) {
			String[] v = each[i].split(",");
			hops.add(new FlowHop(i, Long.parseLong(v[0]), latest(v[1]), mean(v[2]), latest(v[3]), mean(v[4]),
					latest(v[5]), mean(v[6])));
		}
		return hops;
	}

	/** A latest value, null when the switch did not give it (all ones in the record). */
	private static Long latest(String text) {
		long value = Long.parseLong(text);
		return (value == UNAVAILABLE) ? null : value;
	}

	/** A mean, null while the switch has given no value (it stays all ones). */
	private static Double mean(String text) {
		double value = Double.parseDouble(text);
		return (value == UNAVAILABLE) ? null : value;
	}

	private static long number(Map<String, Object> row, String column) {
		Object value = row.get(column);
		return (value instanceof Number number) ? number.longValue() : 0;
	}

	/** The row's time, read as microseconds since the epoch (no time zone involved). */
	private static Instant instant(Map<String, Object> row) {
		long micros = number(row, "ts_us");
		return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1000);
	}

}
