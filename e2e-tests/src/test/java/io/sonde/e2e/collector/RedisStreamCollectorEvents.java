package io.sonde.e2e.collector;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.CollectorFlow;
import io.sonde.javacollector.CollectorReportId;

/**
 * {@link CollectorEventSource} over what the daemon delivered to Redis, read the way the
 * backend will read it: the entries of {@code sonde:stream:events} and the counters hash
 * {@code sonde:collector:<node>:<ifname>:counters}, as xdp-collector/REDIS_CONTRACT.md
 * (version 2: events batched in entries, {@link BatchedEventEntry}) defines them, the
 * report identity fields ({@code report_seq}, {@code report_hw_id},
 * {@code report_node_id}) included. The Redis server runs inside the receiving namespace
 * (the daemon talks to 127.0.0.1 there), so it is read with {@code redis-cli --json} run
 * in that namespace.
 */
final class RedisStreamCollectorEvents implements CollectorEventSource {

	private static final ObjectMapper JSON = new ObjectMapper();

	private final List<CollectorEvent> events;

	private final Map<String, Long> counters;

	private RedisStreamCollectorEvents(List<CollectorEvent> events, Map<String, Long> counters) {
		this.events = events;
		this.counters = counters;
	}

	/**
	 * Reads the events stream and the counters of the daemon {@code node} attached to
	 * {@code ifname}, from the Redis on 127.0.0.1:{@code port} of {@code namespace}.
	 */
	static RedisStreamCollectorEvents read(String namespace, int port, String node, String ifname)
			throws IOException, InterruptedException {
		JsonNode entries = redis(namespace, port, "XRANGE", "sonde:stream:events", "-", "+");
		List<CollectorEvent> events = new ArrayList<>();
		long expectedSeq = 1;
		for (JsonNode entry : entries) {
			for (Map<String, String> fields : BatchedEventEntry.events(pairs(entry.get(1)))) {
				// (node, ifname, run, seq) identifies an event; one run here, so seq
				// must count 1, 2, 3 ... without a gap or a repeat.
				if (Long.parseLong(fields.get("seq")) != expectedSeq++) {
					throw new IllegalStateException(
							"event seq " + fields.get("seq") + " where " + (expectedSeq - 1) + " was due: " + fields);
				}
				events.add(event(fields));
			}
		}
		Map<String, Long> counters = new HashMap<>();
		pairs(redis(namespace, port, "HGETALL", "sonde:collector:" + node + ":" + ifname + ":counters"))
			.forEach((name, value) -> {
				// the hash also names the attach mode and the like: only
				// counts are counters
				if (value.chars().allMatch(Character::isDigit) && !value.isEmpty()) {
					counters.put(name, Long.parseUnsignedLong(value));
				}
			});
		return new RedisStreamCollectorEvents(List.copyOf(events), Map.copyOf(counters));
	}

	@Override
	public List<CollectorEvent> events() {
		return this.events;
	}

	@Override
	public Map<String, Long> counters() {
		return this.counters;
	}

	private static CollectorEvent event(Map<String, String> fields) {
		CollectorMetric metric = CollectorMetric.ofWireName(fields.get("metric"));
		CollectorFlow flow = fields.containsKey("src_ip") ? new CollectorFlow(fields.get("src_ip"),
				fields.get("dst_ip"), Integer.parseInt(fields.get("src_port")),
				Integer.parseInt(fields.get("dst_port")), Integer.parseInt(fields.get("protocol"))) : null;
		long id = Long.parseLong(fields.getOrDefault("queue_id", fields.getOrDefault("egress_id", "0")));
		List<Long> path = new ArrayList<>();
		String switches = fields.getOrDefault("path", "");
		if (!switches.isEmpty()) {
			Arrays.stream(switches.split(",")).forEach((sw) -> path.add(Long.parseLong(sw)));
		}
		return new CollectorEvent(metric, CollectorEventKind.ofWireName(fields.get("kind")),
				Long.parseLong(fields.getOrDefault("switch_id", "0")), id, flow,
				Long.parseUnsignedLong(fields.get("value")), Long.parseUnsignedLong(fields.get("previous")), path,
				report(fields));
	}

	/** The report identity fields: all of report_seq and report_hw_id, or none. */
	private static CollectorReportId report(Map<String, String> fields) {
		if (!fields.containsKey("report_seq") && !fields.containsKey("report_hw_id")
				&& !fields.containsKey("report_node_id")) {
			return null;
		}
		if (!fields.containsKey("report_seq") || !fields.containsKey("report_hw_id")) {
			throw new IllegalStateException("event with part of a report identity: " + fields);
		}
		String node = fields.get("report_node_id");
		return new CollectorReportId(Long.parseLong(fields.get("report_seq")),
				Long.parseLong(fields.get("report_hw_id")), (node != null) ? Long.valueOf(node) : null);
	}

	/** A Redis reply of alternating names and values, as redis-cli prints it in JSON. */
	private static Map<String, String> pairs(JsonNode reply) {
		Map<String, String> fields = new HashMap<>();
		if (reply.isObject()) {
			reply.fields().forEachRemaining((field) -> fields.put(field.getKey(), field.getValue().asText()));
			return fields;
		}
		Iterator<JsonNode> items = reply.elements();
		while (items.hasNext()) {
			String name = items.next().asText();
			fields.put(name, items.next().asText());
		}
		return fields;
	}

	private static JsonNode redis(String namespace, int port, String... command)
			throws IOException, InterruptedException {
		List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", namespace, "redis-cli", "-h", "127.0.0.1",
				"-p", Integer.toString(port), "--json"));
		argv.addAll(List.of(command));
		Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
		byte[] output = process.getInputStream().readAllBytes();
		if (process.waitFor() != 0) {
			throw new IllegalStateException(
					String.join(" ", argv) + " failed: " + new String(output, StandardCharsets.UTF_8));
		}
		return JSON.readTree(output);
	}

}
