package io.sonde.javacollector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLongArray;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntReportMetadata;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV20;
import io.sonde.p4programs.decode.DecodedFrame;
import io.sonde.p4programs.decode.FrameDecoder;
import io.sonde.p4programs.decode.IntStack;
import io.sonde.p4programs.decode.TelemetryFrame;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;

/**
 * INTCollector's event detection (paper Section III-D) over the six metrics of its Table
 * I, reproducing the XDP collector's detector (xdp-collector/collector/int_detect.h)
 * event for event: same keys, same order of events within a report, same fields (each
 * event with the identity of its report: sequence number, hw_id, reporting node).
 * <ul>
 * <li>An event fires when a key is new, or when |new − last reported| &gt; T(m); the base
 * is the value of the key's last event, not its last report. A flow path fires on any
 * change of its switch ids or length; T(flow path) is not used.</li>
 * <li>Hops without a switch id, and values a switch marks unavailable (all ones), are
 * skipped; a hop without a switch id also leaves the flow's path unknown for that report.
 * A TR2.0 report's own metadata (the last hop) takes the report's node id when it carries
 * no switch id of its own.</li>
 * <li>Per hop, in this order: hop latency (flows only), queue occupancy, queue
 * congestion, link utilization (keyed by the level-1 egress port, else the level-2 one).
 * After the hops: the flow path, then the flow latency: the sum of the hop latencies
 * counted, else the last hop's egress minus the first hop's ingress timestamp, else
 * nothing.</li>
 * </ul>
 * Plain Java, not thread-safe by itself: its methods are synchronized. Tables are
 * unbounded (the XDP program's are LRU hashes of 65,536 flows, 262,144 flow-hops and
 * 16,384 switch keys, so the two differ only past those sizes). Thresholds change at run
 * time through {@link #setThreshold}.
 */
public final class IntCollectorDetector {

	/** The XDP collector's default report port. */
	public static final int DEFAULT_REPORT_PORT = 32766;

	/** Hops the XDP program reads from one stack. */
	public static final int MAX_HOPS = 8;

	private static final long UNAVAILABLE_32 = 0xFFFF_FFFFL;

	private static final long UNAVAILABLE_24 = 0xFF_FFFFL;

	/** TR2.0 RepMdBits 1-8: the baseline values that line up with the INT bitmap. */
	private static final int REPORT_HOP_BITS = 0x7F80;

	private final int reportPort;

	private final FrameDecoder decoder;

	private final AtomicLongArray thresholds = new AtomicLongArray(CollectorMetric.values().length);

	private final Map<CollectorFlow, PathState> paths = new HashMap<>();

	private final Map<CollectorFlow, ValueState> flowLatency = new HashMap<>();

	private final Map<FlowSwitchKey, ValueState> hopLatency = new HashMap<>();

	private final Map<SwitchKey, ValueState> queueOccupancy = new HashMap<>();

	private final Map<SwitchKey, ValueState> queueCongestion = new HashMap<>();

	private final Map<SwitchKey, ValueState> linkUtilization = new HashMap<>();

	private long reports;

	private long metricValues;

	private long events;

	/** A detector for reports on UDP port 32766, every threshold 0. */
	public IntCollectorDetector() {
		this(DEFAULT_REPORT_PORT);
	}

	/** A detector for reports on this UDP destination port, every threshold 0. */
	public IntCollectorDetector(int reportPort) {
		if (reportPort < 1 || reportPort > 0xFFFF) {
			throw new IllegalArgumentException("report port must be 1..65535: " + reportPort);
		}
		this.reportPort = reportPort;
		// As the XDP program: 8 hops, and no INT looked for in tunnel headers.
		this.decoder = new FrameDecoder(OptionalInt.of(reportPort),
				DecodeLimits.DEFAULT.withMaxHops(MAX_HOPS).withIntInTunnels(false));
	}

	/** Sets T(m) (unsigned; 0 = every change fires). Takes effect on the next report. */
	public void setThreshold(CollectorMetric metric, long threshold) {
		this.thresholds.set(metric.ordinal(), threshold);
	}

	/** T(m). */
	public long threshold(CollectorMetric metric) {
		return this.thresholds.get(metric.ordinal());
	}

	/**
	 * Detects on one Ethernet frame as the XDP program does: a UDP datagram to the report
	 * port is decoded as a telemetry report and detected on as {@link #detectReport}
	 * does; anything else, and reports that do not decode, give no events.
	 * @param frame the Ethernet frame
	 * @param nowNanos the time the report is seen (kept for the periodic push)
	 */
	public synchronized List<CollectorEvent> detectFrame(byte[] frame, long nowNanos) {
		DissectedFrame packet;
		try {
			packet = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
		}
		catch (MalformedFrame ex) {
			return List.of();
		}
		if (packet.protocol() != DissectedFrame.PROTOCOL_UDP || packet.dstPort() != this.reportPort) {
			return List.of();
		}
		TelemetryReport report;
		try {
			report = TelemetryReportCodec.decode(frame, packet.payloadOffset(), packet.payloadLength());
		}
		catch (MalformedTelemetry ex) {
			return List.of();
		}
		return detectReport(report, frame, nowNanos);
	}

	/**
	 * Detects on one telemetry report received on the report port (a collector's UDP
	 * payload, decoded once): its inner packet's flow and INT are read from the same
	 * bytes; a report whose inner packet does not decode gives no events.
	 * @param report the report, decoded from {@code data}
	 * @param data the bytes the report was decoded from
	 * @param nowNanos the time the report is seen (kept for the periodic push)
	 */
	public synchronized List<CollectorEvent> detectReport(TelemetryReport report, byte[] data, long nowNanos) {
		DecodedFrame decoded = this.decoder.decodeReport(0, report, data);
		if (!(decoded instanceof TelemetryFrame telemetry)) {
			return List.of();
		}
		return detect(telemetry, reportHopOf(telemetry, report), nowNanos);
	}

	/**
	 * Detects on one decoded report or INT-MD packet.
	 * @param frame what sonde-decode decoded
	 * @param reportHop whether the stack's last hop is the report's own metadata (TR2.0),
	 * which takes the report's node id when it has no switch id
	 * @param nowNanos the time the report is seen
	 */
	public synchronized List<CollectorEvent> detect(TelemetryFrame frame, boolean reportHop, long nowNanos) {
		this.reports++;
		IntStack stack = frame.intStack();
		if (stack == null) {
			return List.of();
		}
		List<CollectorEvent> out = new ArrayList<>();
		CollectorReportId report = CollectorReportId.of(frame);
		CollectorFlow flow = (frame.flow() != null) ? CollectorFlow.of(frame.flow()) : null;
		List<IntHop> hops = stack.hops();
		int n = hops.size();
		List<Long> path = new ArrayList<>(n);
		boolean pathKnown = true;
		long latencySum = 0;
		int latencyHops = 0;
		for (int i = 0; i < n; i++) {
			IntHop hop = hops.get(i);
			long sw = switchOf(frame, hop, reportHop && i + 1 == n);
			if (sw < 0) {
				pathKnown = false;
				continue;
			}
			path.add(sw);
			Long latency = hop.value(HopValue.HOP_LATENCY);
			if (latency != null && latency != UNAVAILABLE_32) {
				latencySum += latency;
				latencyHops++;
				if (flow != null) {
					value(this.hopLatency, new FlowSwitchKey(flow, sw), CollectorMetric.HOP_LATENCY, flow, sw, 0,
							latency, nowNanos, report, out);
				}
			}
			Long occupancy = hop.value(HopValue.QUEUE_OCCUPANCY);
			if (occupancy != null && occupancy != UNAVAILABLE_24) {
				long queue = orZero(hop.value(HopValue.QUEUE_ID));
				value(this.queueOccupancy, new SwitchKey(sw, queue), CollectorMetric.QUEUE_OCCUPANCY, null, sw, queue,
						occupancy, nowNanos, report, out);
			}
			Long congestion = hop.value(HopValue.QUEUE_CONGESTION_STATUS);
			if (congestion != null && congestion != UNAVAILABLE_24) {
				long queue = orZero(hop.value(HopValue.CONGESTION_QUEUE_ID));
				value(this.queueCongestion, new SwitchKey(sw, queue), CollectorMetric.QUEUE_CONGESTION, null, sw, queue,
						congestion, nowNanos, report, out);
			}
			Long utilization = hop.value(HopValue.EGRESS_TX_UTIL);
			if (utilization != null && utilization != UNAVAILABLE_32) {
				Long egress = hop.value(HopValue.EGRESS_PORT);
				if (egress == null) {
					egress = hop.value(HopValue.L2_EGRESS_PORT);
				}
				if (egress != null) {
					long port = egress & UNAVAILABLE_32;
					value(this.linkUtilization, new SwitchKey(sw, port), CollectorMetric.LINK_UTILIZATION, null, sw,
							port, utilization, nowNanos, report, out);
				}
			}
		}
		if (flow == null) {
			return out;
		}
		if (pathKnown && n > 0) {
			path(flow, path, nowNanos, report, out);
		}
		Long latency = null;
		if (latencyHops > 0) {
			latency = latencySum;
		}
		else if (n > 0) {
			Long ingress = hops.get(0).value(HopValue.INGRESS_TS);
			Long egress = hops.get(n - 1).value(HopValue.EGRESS_TS);
			if (ingress != null && egress != null && Long.compareUnsigned(egress, ingress) >= 0) {
				latency = egress - ingress;
			}
		}
		if (latency != null) {
			value(this.flowLatency, flow, CollectorMetric.FLOW_LATENCY, flow, 0, 0, latency, nowNanos, report, out);
		}
		return out;
	}

	/** Reports detected on so far (with or without INT). */
	public synchronized long reports() {
		return this.reports;
	}

	/**
	 * Metric values the reports carried so far: one per numeric metric value looked at,
	 * one per flow path (the paper's k per report, summed).
	 */
	public synchronized long metricValues() {
		return this.metricValues;
	}

	/** Events emitted so far. */
	public synchronized long events() {
		return this.events;
	}

	/** Keys in the six tables (the paper's K). */
	public synchronized int keys() {
		return this.paths.size() + this.flowLatency.size() + this.hopLatency.size() + this.queueOccupancy.size()
				+ this.queueCongestion.size() + this.linkUtilization.size();
	}

	/** Keys of one metric's table. */
	public synchronized int keys(CollectorMetric metric) {
		return switch (metric) {
			case FLOW_PATH -> this.paths.size();
			case FLOW_LATENCY -> this.flowLatency.size();
			case HOP_LATENCY -> this.hopLatency.size();
			case QUEUE_OCCUPANCY -> this.queueOccupancy.size();
			case QUEUE_CONGESTION -> this.queueCongestion.size();
			case LINK_UTILIZATION -> this.linkUtilization.size();
		};
	}

	private <K> void value(Map<K, ValueState> table, K key, CollectorMetric metric, CollectorFlow flow, long sw,
			long id, long value, long now, CollectorReportId report, List<CollectorEvent> out) {
		this.metricValues++;
		ValueState state = table.get(key);
		if (state == null) {
			table.put(key, new ValueState(value, value, now));
			emit(out,
					new CollectorEvent(metric, CollectorEventKind.NEW_KEY, sw, id, flow, value, 0, List.of(), report));
			return;
		}
		state.value = value;
		state.seenNanos = now;
		long diff = (Long.compareUnsigned(value, state.reported) > 0) ? value - state.reported : state.reported - value;
		if (Long.compareUnsigned(diff, threshold(metric)) <= 0) {
			return;
		}
		long previous = state.reported;
		state.reported = value;
		emit(out, new CollectorEvent(metric, CollectorEventKind.CHANGED, sw, id, flow, value, previous, List.of(),
				report));
	}

	private void path(CollectorFlow flow, List<Long> path, long now, CollectorReportId report,
			List<CollectorEvent> out) {
		this.metricValues++;
		PathState state = this.paths.get(flow);
		if (state == null) {
			this.paths.put(flow, new PathState(List.copyOf(path), now));
			emit(out, new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.NEW_KEY, 0, 0, flow, path.size(),
					0, path, report));
			return;
		}
		state.seenNanos = now;
		if (state.path.equals(path)) {
			return;
		}
		long previous = state.path.size();
		state.path = List.copyOf(path);
		emit(out, new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.CHANGED, 0, 0, flow, path.size(),
				previous, path, report));
	}

	private void emit(List<CollectorEvent> out, CollectorEvent event) {
		this.events++;
		out.add(event);
	}

	/** The hop's switch id, or -1 when it has none (or an unavailable one). */
	private static long switchOf(TelemetryFrame frame, IntHop hop, boolean reportsOwnHop) {
		Long sw = hop.value(HopValue.SWITCH_ID);
		if (sw == null && reportsOwnHop) {
			sw = frame.nodeId();
		}
		if (sw == null) {
			return -1;
		}
		long id = sw & UNAVAILABLE_32;
		return (id == UNAVAILABLE_32) ? -1 : id;
	}

	private static long orZero(Long value) {
		return (value != null) ? value & UNAVAILABLE_32 : 0;
	}

	/**
	 * Whether the decoded stack's last hop is the TR2.0 report's own metadata: appended
	 * after the carried packet's stack when RepMdBits select a baseline value, or the
	 * only hop when the packet carries no stack.
	 */
	private static boolean reportHopOf(TelemetryFrame frame, TelemetryReport report) {
		if (frame.intStack() == null || frame.intStack().hops().isEmpty()) {
			return false;
		}
		if (!(report instanceof TelemetryReportV20 v20) || v20.reports().isEmpty()) {
			return false;
		}
		IntReportMetadata metadata = v20.reports().get(0).metadata();
		if (metadata == null) {
			return false;
		}
		if ((metadata.repMdBits() & REPORT_HOP_BITS) != 0) {
			return true;
		}
		List<IntHop> hops = frame.intStack().hops();
		return hops.size() == 1 && hops.get(0).equals(metadata.values())
				&& frame.intStack().instructions() == metadata.repMdBits();
	}

	private record FlowSwitchKey(CollectorFlow flow, long switchId) {

		FlowSwitchKey {
			Objects.requireNonNull(flow, "flow");
		}

	}

	private record SwitchKey(long switchId, long id) {

	}

	/** The latest value (for the periodic push) and the value of the last event. */
	private static final class ValueState {

		long value;

		long reported;

		long seenNanos;

		ValueState(long value, long reported, long seenNanos) {
			this.value = value;
			this.reported = reported;
			this.seenNanos = seenNanos;
		}

	}

	private static final class PathState {

		List<Long> path;

		long seenNanos;

		PathState(List<Long> path, long seenNanos) {
			this.path = path;
			this.seenNanos = seenNanos;
		}

	}

}
