package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.DscpMarker;
import io.sonde.p4programs.codec.IndividualReport;
import io.sonde.p4programs.codec.InnerPacket;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntReportMetadata;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV10;
import io.sonde.p4programs.codec.TelemetryReportV20;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;

/**
 * Decodes a telemetry report (the UDP payload of a dissected frame) into what
 * sonde-decode prints: the report's sequence, hw_id and node id, and the flow and INT of
 * the packet it carries.
 * <p>
 * Where {@code "int"} comes from: the INT-MD stack of the inner packet when it has one
 * (TR-2.0 §4.3: the truncated packet keeps its stack), followed, for TR2.0, by the
 * reporting node's own metadata as the last hop when its RepMdBits select any baseline
 * value (bits 1-8): a sink that reports puts its own hop in the report header rather than
 * in the stack it strips (sonde.p4 does), and an operator wants that hop on the path too.
 * The node's id is the report's {@code node_id}; the hop carries only what RepMdBits
 * select. Otherwise, for TR2.0, the report's own metadata as one hop (INT-2.1 §5.8: a
 * sink may put its metadata in the report instead of the stack); TR1.0 and TR0.5 reports
 * about a packet without INT have no {@code "int"}. Of several individual reports in one
 * TR2.0 packet only the first is printed: the output is one line per frame.
 */
final class ReportFrames {

	/**
	 * RepMdBits 1-8, the baseline values that line up with the INT instruction bitmap
	 * (TR-2.0 §3.3.1).
	 */
	private static final int BASELINE_HOP_BITS = 0x7F80;

	private final DecodeLimits limits;

	ReportFrames(DecodeLimits limits) {
		this.limits = limits;
	}

	TelemetryFrame decode(long number, DissectedFrame outer, byte[] data) throws MalformedTelemetry, MalformedFrame {
		return frame(number, TelemetryReportCodec.decode(data, outer.payloadOffset(), outer.payloadLength()), data);
	}

	/**
	 * The frame of a report already decoded from {@code data}: its inner packet is read
	 * where the report says, in the same bytes.
	 */
	TelemetryFrame frame(long number, TelemetryReport report, byte[] data) throws MalformedTelemetry, MalformedFrame {
		IntReportMetadata metadata = null;
		Optional<InnerPacket> inner = report.innerPackets().stream().findFirst();
		if (report instanceof TelemetryReportV20 v20) {
			IndividualReport first = v20.reports().get(0);
			metadata = first.metadata();
			inner = first.innerPackets().stream().findFirst();
		}
		Flow flow = null;
		IntStack stack = null;
		Optional<DissectedFrame> innerPacket = inner.isPresent() ? dissect(inner.get(), data) : Optional.empty();
		if (innerPacket.isPresent()) {
			DissectedFrame packet = innerPacket.get();
			Optional<IntPackets.IntReading> reading = IntPackets.read(packet, data, innerLimits(report));
			flow = reading.map(IntPackets.IntReading::flow).orElseGet(() -> IntPackets.flowOf(packet));
			stack = reading.map(IntPackets.IntReading::stack).orElse(null);
		}
		if (stack != null && metadata != null && (metadata.repMdBits() & BASELINE_HOP_BITS) != 0) {
			List<IntHop> path = new ArrayList<>(stack.hops());
			path.add(metadata.values());
			stack = new IntStack(stack.version(), stack.instructions(), stack.hopMetadataLength(),
					stack.remainingHopCount(), path);
		}
		if (stack == null && metadata != null) {
			stack = new IntStack(2, metadata.repMdBits(), ReportMetadataLength.words(metadata), null,
					List.of(metadata.values()));
		}
		return new TelemetryFrame(number, report.format().jsonName(), report.sequence(), report.hardwareId(),
				report.nodeId(), flow, stack);
	}

	/**
	 * INTCollector's test generator, whose TR1.0 Length says 1, leaves the reported
	 * packet's DSCP 0 (its collector looks for INT right after the UDP header): in its
	 * reports INT-MD is recognised by content alone.
	 */
	private DecodeLimits innerLimits(TelemetryReport report) {
		if (report instanceof TelemetryReportV10 v10 && v10.lengthBelowHeader()) {
			return this.limits.withIntDscpMarkers(List.of(DscpMarker.ANY));
		}
		return this.limits;
	}

	/**
	 * The inner packet's headers, or empty when it is not an IP packet (a report about a
	 * dropped ARP frame, say): such a report still prints its own fields.
	 */
	private static Optional<DissectedFrame> dissect(InnerPacket inner, byte[] data) throws MalformedFrame {
		LinkType linkType = switch (inner.kind()) {
			case ETHERNET -> LinkType.ETHERNET;
			case IPV4 -> LinkType.IPV4;
			case IPV6 -> LinkType.IPV6;
		};
		try {
			return Optional.of(FrameDissector.dissect(linkType, data, inner.offset(), inner.length()));
		}
		catch (MalformedFrame ex) {
			if (ex.reason() == MalformedFrame.Reason.NOT_IP) {
				return Optional.empty();
			}
			throw ex;
		}
	}

}
