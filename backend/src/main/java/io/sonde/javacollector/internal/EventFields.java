package io.sonde.javacollector.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.CollectorFlow;

/**
 * One event's fields, as the XDP daemon writes them (xdp-collector/REDIS_CONTRACT.md):
 * the origin fields ({@code v}, {@code node}, {@code ifname}, {@code run}) that head a
 * version-2 entry, and the event's own, which become one line of its {@code events}
 * ({@link StreamPublisher}), so the backend's one ingest path reads both collectors.
 */
final class EventFields {

	private EventFields() {
	}

	/**
	 * The fields an entry carries once for all its events, in the order it writes them.
	 */
	static final List<String> ORIGIN = List.of("v", "collector", "node", "ifname", "run");

	/**
	 * This collector's kind in the contract's {@code collector} field: its events' source
	 * is {@code java:<node>/udp}, never taken for the XDP daemon's.
	 */
	static final String COLLECTOR = "java";

	/**
	 * @param event the detected event
	 * @param node the collector's node id
	 * @param run this collector's start, wall-clock ms
	 * @param seq the event's number in this run, from 1
	 * @param tsNanos wall-clock ns when it was detected
	 */
	static Map<String, String> of(CollectorEvent event, String node, long run, long seq, long tsNanos) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("v", "2");
		fields.put("collector", COLLECTOR);
		fields.put("node", node);
		fields.put("ifname", UdpCollectorProperties.IFNAME);
		fields.put("run", Long.toString(run));
		fields.put("seq", Long.toString(seq));
		fields.put("kind", event.kind().wireName());
		fields.put("metric", event.metric().wireName());
		fields.put("ts_ns", Long.toUnsignedString(tsNanos));
		key(event, fields);
		fields.put("value", Long.toUnsignedString(event.value()));
		fields.put("previous", Long.toUnsignedString(event.previous()));
		if (event.report() != null) {
			fields.put("report_seq", Long.toString(event.report().seq()));
			fields.put("report_hw_id", Long.toString(event.report().hwId()));
			if (event.report().nodeId() != null) {
				fields.put("report_node_id", Long.toString(event.report().nodeId()));
			}
		}
		return fields;
	}

	private static void key(CollectorEvent event, Map<String, String> fields) {
		CollectorMetric metric = event.metric();
		switch (metric) {
			case FLOW_PATH -> {
				flow(event.flow(), fields);
				fields.put("path", event.path().stream().map(Object::toString).collect(Collectors.joining(",")));
			}
			case FLOW_LATENCY -> flow(event.flow(), fields);
			case HOP_LATENCY -> {
				flow(event.flow(), fields);
				fields.put("switch_id", Long.toString(event.switchId()));
			}
			case QUEUE_OCCUPANCY, QUEUE_CONGESTION -> {
				fields.put("switch_id", Long.toString(event.switchId()));
				fields.put("queue_id", Long.toString(event.id()));
			}
			case LINK_UTILIZATION -> {
				fields.put("switch_id", Long.toString(event.switchId()));
				fields.put("egress_id", Long.toString(event.id()));
			}
		}
	}

	private static void flow(CollectorFlow flow, Map<String, String> fields) {
		fields.put("src_ip", flow.srcIp());
		fields.put("dst_ip", flow.dstIp());
		fields.put("src_port", Integer.toString(flow.srcPort()));
		fields.put("dst_port", Integer.toString(flow.dstPort()));
		fields.put("protocol", Integer.toString(flow.protocol()));
	}

}
