package io.sonde.e2e.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.sonde.events.EventFlow;

import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Events as a collector reports them, for the browser tests: each an entry of the
 * collector's Redis contract ({@code XADD sonde:stream:events}, xdp-collector/
 * REDIS_CONTRACT.md), which the backend's ingest consumes, stores and streams like any
 * other.
 */
public final class FabricEvents {

	public static final String EVENTS_STREAM = "sonde:stream:events";

	private static final String NODE = "e2e";

	private static final String IFNAME = "veth0";

	private final StringRedisTemplate redis;

	private final long run = System.currentTimeMillis();

	private final AtomicLong sequence = new AtomicLong();

	public FabricEvents(StringRedisTemplate redis) {
		this.redis = redis;
	}

	/** A flow was seen for the first time, over {@code path}. */
	public void flowPath(EventFlow flow, List<Long> path) {
		Map<String, String> fields = origin("new_key", "flow_path", path.size(), 0);
		flowFields(fields, flow);
		fields.put("path", path.stream().map(String::valueOf).collect(Collectors.joining(",")));
		send(fields);
	}

	/**
	 * A flow's latency at one switch of its path changed (to {@code nanos}); like the
	 * collector's, the event names the switch, not the path.
	 */
	public void hopLatency(EventFlow flow, long switchId, long nanos, long previous) {
		Map<String, String> fields = origin("changed", "hop_latency", nanos, previous);
		flowFields(fields, flow);
		fields.put("switch_id", Long.toString(switchId));
		send(fields);
	}

	/** A queue's occupancy changed (to {@code cells}). */
	public void queueOccupancy(long switchId, long queueId, long cells, long previous) {
		Map<String, String> fields = origin("changed", "queue_occupancy", cells, previous);
		fields.put("switch_id", Long.toString(switchId));
		fields.put("queue_id", Long.toString(queueId));
		send(fields);
	}

	private Map<String, String> origin(String kind, String metric, long value, long previous) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("v", "1");
		fields.put("node", NODE);
		fields.put("ifname", IFNAME);
		fields.put("run", Long.toString(this.run));
		fields.put("seq", Long.toString(this.sequence.incrementAndGet()));
		fields.put("kind", kind);
		fields.put("metric", metric);
		fields.put("ts_ns", Long.toString(System.currentTimeMillis() * 1_000_000L));
		fields.put("value", Long.toString(value));
		fields.put("previous", Long.toString(previous));
		fields.put("report_seq", fields.get("seq"));
		fields.put("report_hw_id", "0");
		return fields;
	}

	private static void flowFields(Map<String, String> fields, EventFlow flow) {
		fields.put("src_ip", flow.srcIp());
		fields.put("dst_ip", flow.dstIp());
		fields.put("src_port", Integer.toString(flow.srcPort()));
		fields.put("dst_port", Integer.toString(flow.dstPort()));
		fields.put("protocol", Integer.toString(flow.protocol()));
	}

	private void send(Map<String, String> fields) {
		this.redis.opsForStream().add(StreamRecords.string(fields).withStreamKey(EVENTS_STREAM));
	}

}
