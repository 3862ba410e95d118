package io.sonde.e2e.bmv2;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IndividualReport;
import io.sonde.p4programs.codec.InnerPacket;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV20;

/**
 * A Telemetry Report v2.0 frame as named fields, one {@code name=value} per line, every
 * field of every header, in order, except those that tell time: hop latencies,
 * ingress/egress timestamps (the sink's and each hop's), queue occupancies (how many
 * packets waited depends on when a software switch's threads ran, as latency does), and
 * the report's UDP checksum that covers them. Two switches that behave alike give equal
 * lists; where they differ the first unequal line names the field.
 */
final class ReportFields {

	private static final Set<HopValue> TIMES = EnumSet.of(HopValue.HOP_LATENCY, HopValue.INGRESS_TS, HopValue.EGRESS_TS,
			HopValue.QUEUE_OCCUPANCY);

	private static final int OUTER_HEADERS = 14 + 20 + 8;

	private static final HexFormat HEX = HexFormat.of();

	private ReportFields() {
	}

	/** The fields of a report frame (Ethernet, IPv4, UDP, TR-2.0). */
	static List<String> of(byte[] frame) throws MalformedTelemetry {
		List<String> fields = new ArrayList<>();
		fields.add("ethernet=" + HEX.formatHex(frame, 0, 14));
		fields.add("ipv4=" + HEX.formatHex(frame, 14, 34));
		fields.add("udp ports and length=" + HEX.formatHex(frame, 34, 40));
		TelemetryReport decoded = TelemetryReportCodec.decode(frame, OUTER_HEADERS, frame.length - OUTER_HEADERS);
		if (!(decoded instanceof TelemetryReportV20 report)) {
			fields.add("format=" + decoded.format());
			return fields;
		}
		fields.add("hw_id=" + report.hardwareId());
		fields.add("sequence=" + report.sequence());
		fields.add("node_id=" + report.nodeId());
		fields.add("individual reports=" + report.reports().size());
		for (IndividualReport individual : report.reports()) {
			fields.add("rep_type=" + individual.repType() + " in_type=" + individual.inType() + " d="
					+ individual.dropped() + " q=" + individual.congestedQueue() + " f=" + individual.trackedFlow()
					+ " i=" + individual.intermediate());
			fields.add("rep_md_bits=" + individual.metadata().repMdBits() + " ds_id="
					+ individual.metadata().domainSpecificId() + " ds_md_bits=" + individual.metadata().dsMdBits()
					+ " ds_md_status=" + individual.metadata().dsMdStatus());
			fields.add("sink " + hop(individual.metadata().values()));
			inner(frame, individual.innerPacket(), fields);
		}
		return fields;
	}

	private static void inner(byte[] frame, InnerPacket inner, List<String> fields) throws MalformedTelemetry {
		int ip = inner.offset();
		int end = inner.offset() + inner.length();
		int ipHeader = 4 * (frame[ip] & 0x0F);
		int protocol = frame[ip + 9] & 0xFF;
		int l4Header = (protocol == 6) ? 4 * ((frame[ip + ipHeader + 12] & 0xF0) >>> 4) : 8;
		int intStart = ip + ipHeader + l4Header;
		fields.add("inner kind=" + inner.kind());
		fields.add("inner ipv4=" + HEX.formatHex(frame, ip, ip + ipHeader));
		fields.add("inner l4=" + HEX.formatHex(frame, ip + ipHeader, intStart));
		IntMdPacket intMd = IntMdCodec.decode(frame, intStart, end - intStart);
		fields.add("int version=" + intMd.version() + " " + intMd.shim());
		fields.add("int " + intMd.header());
		fields.add("int hops=" + intMd.hops().size());
		for (int i = 0; i < intMd.hops().size(); i++) {
			fields.add("hop " + i + " " + hop(intMd.hops().get(i)));
		}
		fields.add("int source-only words=" + intMd.sourceOnlyWords() + " tail=" + intMd.tail());
		fields.add("payload=" + HEX.formatHex(frame, intMd.endOffset(), end));
	}

	private static String hop(IntHop hop) {
		StringBuilder text = new StringBuilder();
		for (Map.Entry<HopValue, Long> value : hop.values().entrySet()) {
			if (!TIMES.contains(value.getKey())) {
				text.append(value.getKey().name().toLowerCase()).append('=').append(value.getValue()).append(' ');
			}
		}
		return text.append("extra=").append(hop.extraWords()).toString();
	}

}
