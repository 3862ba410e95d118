package io.sonde.ingest;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.data.redis.core.StringRedisTemplate;

import static org.awaitility.Awaitility.await;

/**
 * Entries of {@code sonde:stream:events} as the XDP collector writes them: one event per
 * entry (contract v1, which the backend still reads), or a batch (contract v2).
 */
public final class CollectorEntriesFixture {

	private CollectorEntriesFixture() {
	}

	/**
	 * Returns once the backend's ingest has created {@code sonde:stream:events} and its
	 * group {@code backend}: an entry added before that would be behind the group's
	 * start.
	 */
	public static void awaitConsumerGroup(StringRedisTemplate redis) {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> Boolean.TRUE.equals(redis.hasKey("sonde:stream:events")) && redis.opsForStream()
				.groups("sonde:stream:events")
				.stream()
				.anyMatch((group) -> group.groupName().equals("backend")));
	}

	/** The origin fields and the event fields every metric has. */
	public static Map<String, String> entry(String node, long seq, String kind, String metric, long tsNs, long value,
			long previous) {
		Map<String, String> fields = new HashMap<>();
		fields.put("v", "1");
		fields.put("node", node);
		fields.put("ifname", "eth0");
		fields.put("run", "1700000000000");
		fields.put("seq", Long.toString(seq));
		fields.put("kind", kind);
		fields.put("metric", metric);
		fields.put("ts_ns", Long.toString(tsNs));
		fields.put("value", Long.toString(value));
		fields.put("previous", Long.toString(previous));
		fields.put("report_seq", Long.toString(4000 + seq));
		fields.put("report_hw_id", "3");
		fields.put("report_node_id", "19");
		return fields;
	}

	public static Map<String, String> withFlow(Map<String, String> fields) {
		fields.put("src_ip", "10.0.0.2");
		fields.put("dst_ip", "10.1.0.3");
		fields.put("src_port", "5000");
		fields.put("dst_port", "6000");
		fields.put("protocol", "17");
		return fields;
	}

	/** A hop-latency event of switch 12 on the test flow: the commonest kind. */
	public static Map<String, String> hopLatency(String node, long seq, long tsNs, long value) {
		Map<String, String> fields = withFlow(entry(node, seq, "changed", "hop_latency", tsNs, value, value / 2));
		fields.put("switch_id", "12");
		return fields;
	}

	/**
	 * One entry of each of the six metrics, seq 1 to 6, detected at
	 * {@code tsNs + seq µs}.
	 */
	public static Map<Integer, Map<String, String>> everyMetric(String node, long tsNs) {
		Map<Integer, Map<String, String>> all = new HashMap<>();
		Map<String, String> path = withFlow(entry(node, 1, "new_key", "flow_path", tsNs + 1000, 4, 0));
		path.put("path", "11,12,13,19");
		all.put(1, path);
		all.put(2, withFlow(entry(node, 2, "changed", "flow_latency", tsNs + 2000, 900, 400)));
		all.put(3, hopLatency(node, 3, tsNs + 3000, 250));
		Map<String, String> occupancy = entry(node, 4, "new_key", "queue_occupancy", tsNs + 4000, 77, 0);
		occupancy.put("switch_id", "13");
		occupancy.put("queue_id", "2");
		all.put(4, occupancy);
		Map<String, String> congestion = entry(node, 5, "changed", "queue_congestion", tsNs + 5000, 1, 0);
		congestion.put("switch_id", "13");
		congestion.put("queue_id", "2");
		all.put(5, congestion);
		Map<String, String> link = entry(node, 6, "changed", "link_utilization", tsNs + 6000, 5000, 1000);
		link.put("switch_id", "19");
		link.put("egress_id", "3");
		all.put(6, link);
		return all;
	}

	/**
	 * A version-2 entry holding {@code events} (version-1 entries of one origin) as
	 * lines, in order.
	 */
	public static Map<String, String> batch(List<Map<String, String>> events) {
		StringBuilder lines = new StringBuilder();
		for (Map<String, String> event : events) {
			event.forEach((name, value) -> {
				if (!List.of("v", "node", "ifname", "run").contains(name)) {
					lines.append(name).append('=').append(value).append(' ');
				}
			});
			lines.setCharAt(lines.length() - 1, '\n');
		}
		Map<String, String> first = events.get(0);
		Map<String, String> entry = new HashMap<>();
		entry.put("v", "2");
		entry.put("node", first.get("node"));
		entry.put("ifname", first.get("ifname"));
		entry.put("run", first.get("run"));
		entry.put("count", Integer.toString(events.size()));
		entry.put("events", lines.toString());
		return entry;
	}

}
