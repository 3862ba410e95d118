package io.sonde.emulator.e2e;

import java.util.List;

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
 * A TR-2.0 report as a collector reads it: the group header, the sink's own metadata, and
 * the INT stack of the reported packet, decoded with the p4-programs codecs; plus the
 * inner packet's addresses to name the flow.
 */
record DecodedReport(long nodeId, int hwId, long sequence, IntHop sinkMetadata, List<IntHop> stack, int sourceIp,
		int destinationIp, int sourcePort, int destinationPort) {

	private static final int UDP = 17;

	static DecodedReport decode(byte[] datagram) throws MalformedTelemetry {
		TelemetryReport decoded = TelemetryReportCodec.decode(datagram, 0, datagram.length);
		if (!(decoded instanceof TelemetryReportV20 report)) {
			throw new AssertionError("expected a TR-2.0 report, got " + decoded.format());
		}
		IndividualReport individual = report.reports().get(0);
		InnerPacket inner = individual.innerPacket();
		int ip = inner.offset();
		int headerLength = 4 * (datagram[ip] & 0x0F);
		if ((datagram[ip + 9] & 0xFF) != UDP) {
			throw new AssertionError("the test's flows are UDP");
		}
		int udp = ip + headerLength;
		int end = inner.offset() + inner.length();
		IntMdPacket intMd = IntMdCodec.decode(datagram, udp + 8, end - udp - 8);
		return new DecodedReport(report.nodeId(), report.hardwareId().intValue(), report.sequence(),
				individual.metadata().values(), intMd.hops(), u32(datagram, ip + 12), u32(datagram, ip + 16),
				u16(datagram, udp), u16(datagram, udp + 2));
	}

	/** The switch ids of the stack, source first. */
	List<Long> stackSwitchIds() {
		return this.stack.stream().map((hop) -> hop.value(HopValue.SWITCH_ID)).toList();
	}

	private static int u32(byte[] b, int at) {
		return ((b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
	}

	private static int u16(byte[] b, int at) {
		return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
	}

}
