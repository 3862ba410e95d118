package io.sonde.emulator.report;

import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.IndividualReport;
import io.sonde.p4programs.codec.InnerPacket;
import io.sonde.p4programs.codec.InnerPacketKind;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntReportMetadata;
import io.sonde.p4programs.codec.ReportFormat;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV05;
import io.sonde.p4programs.codec.TelemetryReportV10;
import io.sonde.p4programs.codec.TelemetryReportV20;

/**
 * The UDP payload of a sink's report in the format a collector expects, encoded with the
 * telemetry report codecs.
 * <ul>
 * <li>TR-2.0: exactly as int_report.p4 builds it: group header (hw_id, the sequence
 * number's low 22 bits, Node ID), one INT report (RepType 1, InType IPv4 or IPv6, F set)
 * with the sink's own metadata, and the packet from its IP header through its INT
 * stack.</li>
 * <li>TR-1.0 (WIRE_FACTS C.4) and TR-0.5 (C.3): only the fixed header, as GEANT and ONOS
 * emit them (C.5): TR-1.0 with RepMdBits 0 and NProt Ethernet, TR-0.5 with NProto
 * Ethernet; F set; the Ingress Timestamp is the sink's, in the switch's clock units, cut
 * to 32 bits. The frame as received follows from its Ethernet header through the INT
 * stack. TR-0.5 has no Node ID field, so such a report names its switch only by the
 * switch ids in its stack.</li>
 * </ul>
 * The INT inside the inner packet stays INT-MD v2.1 in every format: sonde.p4 writes no
 * other.
 */
public final class ReportEncoder {

	private static final long TR20_SEQUENCE_MASK = 0x3F_FFFF;

	private static final long U32_MASK = 0xFFFF_FFFFL;

	private ReportEncoder() {
	}

	/** The report's UDP payload. */
	public static byte[] encode(ReportFormat format, SinkReport report) {
		return switch (format) {
			case TR2_0 -> TelemetryReportCodec.encode(v20(report), report.packet());
			case TR1_0 -> TelemetryReportCodec.encode(v10(report), report.packet());
			case TR0_5 -> TelemetryReportCodec.encode(v05(report), report.packet());
		};
	}

	private static TelemetryReportV20 v20(SinkReport report) {
		int inType = (report.ipKind() == InnerPacketKind.IPV4) ? 4 : 5;
		IndividualReport individual = new IndividualReport(IndividualReport.REP_TYPE_INT, inType, false, false, true,
				false, new IntReportMetadata(report.repMdBits(), 0, 0, 0, report.sinkMetadata()), List.of(), null,
				new InnerPacket(report.ipKind(), report.ipOffset(), report.innerEnd() - report.ipOffset()));
		return new TelemetryReportV20((long) report.hwId(), report.sequenceNumber() & TR20_SEQUENCE_MASK,
				report.nodeId(), List.of(individual));
	}

	private static TelemetryReportV10 v10(SinkReport report) {
		return new TelemetryReportV10((long) report.hwId(), report.sequenceNumber() & U32_MASK, report.nodeId(), 0,
				false, false, true, report.ingressTimestamp() & U32_MASK, IntHop.of(Map.of()), ethernet(report));
	}

	private static TelemetryReportV05 v05(SinkReport report) {
		return new TelemetryReportV05((long) report.hwId(), report.sequenceNumber() & U32_MASK,
				TelemetryReportV05.NPROTO_ETHERNET, false, false, true, report.ingressTimestamp() & U32_MASK, null,
				ethernet(report));
	}

	private static InnerPacket ethernet(SinkReport report) {
		return new InnerPacket(InnerPacketKind.ETHERNET, 0, report.innerEnd());
	}

}
