package io.sonde.e2e.support;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.EventLog;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;

import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Events as a collector reports them, for the browser tests. With the ingest pipeline in
 * the service (an {@link EventLog} to store what it consumes), each is an entry of the
 * collector's Redis contract ({@code XADD sonde:stream:events}, xdp-collector/
 * REDIS_CONTRACT.md), which the backend consumes, stores and streams like any other.
 * Without it, the events are published as the event log publishes them after storing
 * ({@link EventsAppended}), so the pages can be tested before the pipeline exists.
 */
public final class FabricEvents {

	public static final String EVENTS_STREAM = "sonde:stream:events";

	private static final String NODE = "e2e";

	private static final String IFNAME = "veth0";

	private final ApplicationContext context;

	private final long run = System.currentTimeMillis();

	private final AtomicLong sequence = new AtomicLong();

	public FabricEvents(ApplicationContext context) {
		this.context = context;
	}

	/**
	 * Whether events go through Redis and the backend's ingest (else straight to the
	 * pages).
	 */
	public boolean throughIngest() {
		return this.context.getBeanNamesForType(EventLog.class).length > 0;
	}

	/** A flow was seen for the first time, over {@code path}. */
	public void flowPath(EventFlow flow, List<Long> path) {
		Map<String, String> fields = origin("new_key", "flow_path", path.size(), 0);
		flowFields(fields, flow);
		fields.put("path", path.stream().map(String::valueOf).collect(Collectors.joining(",")));
		send(fields,
				new TelemetryEvent(null, originOf(fields), "xdp:" + NODE + "/" + IFNAME, Instant.now(),
						EventKind.NEW_KEY, "flow_path", flow.toString(), path.size(), null, null, null, null, flow,
						path, null));
	}

	/**
	 * A flow's latency at one switch of its path changed (to {@code nanos}); like the
	 * collector's, the event names the switch, not the path.
	 */
	public void hopLatency(EventFlow flow, long switchId, long nanos, long previous) {
		Map<String, String> fields = origin("changed", "hop_latency", nanos, previous);
		flowFields(fields, flow);
		fields.put("switch_id", Long.toString(switchId));
		send(fields,
				new TelemetryEvent(null, originOf(fields), "xdp:" + NODE + "/" + IFNAME, Instant.now(),
						EventKind.CHANGED, "hop_latency", flow + "@" + switchId, nanos, (double) previous, switchId,
						null, null, flow, List.of(), null));
	}

	/** A queue's occupancy changed (to {@code cells}). */
	public void queueOccupancy(long switchId, long queueId, long cells, long previous) {
		Map<String, String> fields = origin("changed", "queue_occupancy", cells, previous);
		fields.put("switch_id", Long.toString(switchId));
		fields.put("queue_id", Long.toString(queueId));
		send(fields,
				new TelemetryEvent(null, originOf(fields), "xdp:" + NODE + "/" + IFNAME, Instant.now(),
						EventKind.CHANGED, "queue_occupancy", "switch=" + switchId + "/queue=" + queueId, cells,
						(double) previous, switchId, queueId, null, null, List.of(), null));
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

	private static String originOf(Map<String, String> fields) {
		return "xdp/" + NODE + "/" + IFNAME + "/" + fields.get("run") + "/" + fields.get("seq");
	}

	private void send(Map<String, String> fields, TelemetryEvent event) {
		if (throughIngest()) {
			this.context.getBean(StringRedisTemplate.class)
				.opsForStream()
				.add(StreamRecords.string(fields).withStreamKey(EVENTS_STREAM));
		}
		else {
			// As the event log appends it: the live-stream id is the stream entry's id.
			this.context.publishEvent(
					new EventsAppended(List.of(event.withId(System.currentTimeMillis() + "-" + fields.get("seq")))));
		}
	}

}
