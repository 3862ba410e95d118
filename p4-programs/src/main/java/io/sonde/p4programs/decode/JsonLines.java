package io.sonde.p4programs.decode;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.ProbeKind;

/**
 * Renders a {@link DecodedFrame} as one line of sonde-decode's JSON Lines output, keys in
 * the order issue 3 lists them, separators {@code ", "} and {@code ": "} (so a line reads
 * like the schema and equals the golden vectors' {@code .json} text). Written by
 * hand to keep the main code free of a JSON dependency.
 */
public final class JsonLines {

	/** The hop values the output shows, in the schema's order; others are not printed. */
	private static final List<HopValue> PRINTED = List.of(HopValue.SWITCH_ID, HopValue.INGRESS_PORT,
			HopValue.EGRESS_PORT, HopValue.HOP_LATENCY, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY,
			HopValue.INGRESS_TS, HopValue.EGRESS_TS, HopValue.L2_INGRESS_PORT, HopValue.L2_EGRESS_PORT,
			HopValue.EGRESS_TX_UTIL, HopValue.BUFFER_ID, HopValue.BUFFER_OCCUPANCY);

	private JsonLines() {
	}

	/** The line for this frame, without the line terminator. */
	public static String line(DecodedFrame frame) {
		StringBuilder out = new StringBuilder(256);
		value(out, tree(frame));
		return out.toString();
	}

	private static Map<String, Object> tree(DecodedFrame frame) {
		Map<String, Object> object = new LinkedHashMap<>();
		object.put("frame", frame.frame());
		if (frame instanceof UndecodableFrame undecodable) {
			object.put("error", undecodable.reason());
			return object;
		}
		if (frame instanceof ProbeFrame probe) {
			probe(object, probe);
			return object;
		}
		if (frame instanceof LabelFrame label) {
			label(object, label.packet());
			return object;
		}
		TelemetryFrame telemetry = (TelemetryFrame) frame;
		object.put("format", telemetry.format());
		object.put("seq", telemetry.seq());
		object.put("hw_id", telemetry.hwId());
		object.put("node_id", telemetry.nodeId());
		object.put("flow", (telemetry.flow() != null) ? flow(telemetry.flow()) : null);
		object.put("int", (telemetry.intStack() != null) ? intStack(telemetry.intStack()) : null);
		return object;
	}

	/**
	 * GPINT keys: format, kind, request_id, request_type, src_ip, dst_ip, source_route,
	 * hops (path order); a feedback has no stacks (null).
	 */
	private static void probe(Map<String, Object> object, ProbeFrame frame) {
		GpintProbe probe = frame.probe();
		object.put("format", ProbeFrame.GPINT);
		object.put("kind", probe.kind().jsonName());
		object.put("request_id", probe.requestId());
		object.put("request_type", probe.requestType().jsonName());
		object.put("src_ip", frame.srcIp());
		object.put("dst_ip", frame.dstIp());
		if (probe.kind() == ProbeKind.FEEDBACK) {
			object.put("source_route", null);
			object.put("hops", null);
			return;
		}
		List<Object> route = new ArrayList<>();
		probe.sourceRoute().forEach((entry) -> {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("next_port", entry.nextPort());
			item.put("mea_first", entry.firstIndex());
			item.put("mea_count", entry.count());
			route.add(item);
		});
		object.put("source_route", route);
		List<Object> hops = new ArrayList<>();
		probe.hops().forEach((hop) -> {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("switch_id", hop.switchId());
			item.put("queue_depth", hop.queueDepth());
			item.put("measurements", List.copyOf(hop.measurements()));
			hops.add(item);
		});
		object.put("hops", hops);
	}

	/**
	 * INT-label keys: format, src_ip, dst_ip, protocol (the original, nh), src_port and
	 * dst_port (null without TCP or UDP), specific_flow, items (path order).
	 */
	private static void label(Map<String, Object> object, LabeledPacket packet) {
		object.put("format", LabelFrame.INT_LABEL);
		object.put("src_ip", packet.source().getHostAddress());
		object.put("dst_ip", packet.destination().getHostAddress());
		object.put("protocol", packet.nextHeader());
		object.put("src_port", packet.hasPorts() ? packet.sourcePort() : null);
		object.put("dst_port", packet.hasPorts() ? packet.destinationPort() : null);
		object.put("specific_flow", packet.specificFlow());
		List<Object> items = new ArrayList<>();
		packet.items().forEach((labelItem) -> {
			Map<String, Object> item = new LinkedHashMap<>();
			item.put("device_id", labelItem.deviceId());
			item.put("ingress_port", labelItem.ingressPort());
			item.put("egress_port", labelItem.egressPort());
			// Label times are unsigned 64-bit on the wire.
			item.put("label_time", new BigInteger(Long.toUnsignedString(labelItem.labelTime())));
			item.put("hop_latency", labelItem.hopLatency());
			item.put("queue_id", labelItem.queueId());
			item.put("queue_depth", labelItem.queueDepth());
			item.put("tx_utilization", labelItem.txUtilization());
			item.put("shift", labelItem.shift());
			item.put("reason", labelItem.reason().jsonName());
			items.add(item);
		});
		object.put("items", items);
	}

	private static Map<String, Object> flow(Flow flow) {
		Map<String, Object> object = new LinkedHashMap<>();
		object.put("src_ip", flow.srcIp());
		object.put("dst_ip", flow.dstIp());
		object.put("src_port", flow.srcPort());
		object.put("dst_port", flow.dstPort());
		object.put("protocol", flow.protocol());
		return object;
	}

	private static Map<String, Object> intStack(IntStack stack) {
		Map<String, Object> object = new LinkedHashMap<>();
		object.put("version", stack.version());
		object.put("instructions", stack.instructions());
		object.put("hop_ml", stack.hopMetadataLength());
		object.put("remaining_hop_count", stack.remainingHopCount());
		List<Object> hops = new ArrayList<>();
		stack.hops().forEach((hop) -> hops.add(hop(hop)));
		object.put("hops", hops);
		return object;
	}

	private static Map<String, Object> hop(IntHop hop) {
		Map<String, Object> object = new LinkedHashMap<>();
		for (HopValue value : PRINTED) {
			Long bits = hop.value(value);
			if (bits != null) {
				// 64-bit timestamps are kept as two's-complement longs; the wire
				// value is unsigned.
				object.put(value.jsonName(), new BigInteger(Long.toUnsignedString(bits)));
			}
		}
		return object;
	}

	private static void value(StringBuilder out, Object value) {
		if (value == null) {
			out.append("null");
		}
		else if (value instanceof String text) {
			string(out, text);
		}
		else if (value instanceof Number || value instanceof Boolean) {
			out.append(value);
		}
		else if (value instanceof Map<?, ?> map) {
			out.append('{');
			String separator = "";
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				out.append(separator);
				string(out, (String) entry.getKey());
				out.append(": ");
				value(out, entry.getValue());
				separator = ", ";
			}
			out.append('}');
		}
		else if (value instanceof List<?> list) {
			out.append('[');
			String separator = "";
			for (Object element : list) {
				out.append(separator);
				value(out, element);
				separator = ", ";
			}
			out.append(']');
		}
		else {
			throw new IllegalStateException("no JSON form for " + value.getClass());
		}
	}

	/**
	 * RFC 8259 string; everything outside printable ASCII escaped, as Python's json does.
	 */
	private static void string(StringBuilder out, String text) {
		out.append('"');
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				case '\b' -> out.append("\\b");
				case '\f' -> out.append("\\f");
				default -> {
					if (c < 0x20 || c > 0x7E) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		out.append('"');
	}

}
