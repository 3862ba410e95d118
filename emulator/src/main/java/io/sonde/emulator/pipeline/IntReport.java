package io.sonde.emulator.pipeline;

import java.util.EnumMap;
import java.util.Map;

import io.sonde.emulator.report.ReportEncoder;
import io.sonde.emulator.report.ReportFrame;
import io.sonde.emulator.report.ReportSink;
import io.sonde.emulator.report.SinkReport;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.InnerPacketKind;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.ReportFormat;

/**
 * {@code control IntReport} (int_report.p4): the sink's report clone, re-parsed as the
 * sink received it, becomes a telemetry report: {@code int_report_collectors} on the
 * clone's egress port gives the addresses and hw_id, the sequence number register counts
 * per hw_id, the sink's own metadata goes into the report header for the bits it can
 * answer, and the inner packet is the clone from its IP header through its INT stack
 * (TR-2.0 §3, §4.3), without INT-label's option and items. The payload is encoded in the
 * configured format by {@link ReportEncoder}; TR-2.0 is what the P4 builds.
 */
final class IntReport {

	/**
	 * {@code SINK_REPORTED_METADATA}: ports, latency and timestamps; the original
	 * packet's queue, TX utilization and buffer are not the clone's to report.
	 */
	static final int SINK_REPORTED_METADATA = 0x6E00;

	private final SondeTables tables;

	private final SondeRegisters registers;

	private final ReportSink sink;

	private final GroundTruth groundTruth;

	private final ReportFormat format;

	IntReport(SondeTables tables, SondeRegisters registers, ReportSink sink, GroundTruth groundTruth,
			ReportFormat format) {
		this.tables = tables;
		this.registers = registers;
		this.sink = sink;
		this.groundTruth = groundTruth;
		this.format = format;
	}

	/**
	 * The apply block for one clone.
	 * @param clone the clone: the frame as the sink received it
	 * @param headers the clone re-parsed
	 * @param meta the clone's egress metadata: its egress port (the clone session's),
	 * egress timestamp, and the fields the clone preserved (ingress timestamp and port;
	 * the original's egress port)
	 * @param originalEgressPort {@code meta.int_meta.egress_port}: where the sink sent
	 * the original
	 * @param switchId this node's INT Node ID
	 */
	void apply(MutableFrame clone, ParsedHeaders headers, EgressMetadata meta, int originalEgressPort, long switchId) {
		ReportCollector collector = this.tables.intReportCollectors(meta.egressPort, clone.length());
		if (!collector.send()) {
			return;
		}
		int hwId = collector.hwId();
		long sequence = this.registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, hwId);
		this.registers.write(SondeRegister.REPORT_SEQUENCE_NUMBER, hwId, sequence + 1);
		int udpSourcePort = Crc16.flowHash(headers.ipv4Src, headers.ipv4Dst, headers.ipProto, headers.l4SrcPort,
				headers.l4DstPort);

		byte[] bytes = clone.bytes();
		int repMdBits = WireBytes.u16(bytes, headers.mdOffset() + 4) & SINK_REPORTED_METADATA;
		IntHop sinkMetadata = sinkMetadata(repMdBits, meta.ingressPort, originalEgressPort, meta.ingressTimestamp,
				meta.egressTimestamp);
		// Inner contents: IP header, L4 header, shim and its Length
		// words (INT-2.1 §5.7.2).
		int innerEnd = headers.shimOffset + 4 * (WireBytes.u8(bytes, headers.shimOffset + 1) + 1);
		if (headers.labelOffset >= 0) {
			// INT-label's option and items are the last hop's, not the report's: the
			// inner packet is the one INT-MD carries, its checksum recomputed as BMv2's.
			innerEnd -= headers.labelBytes();
			LabelEgress.restore(clone, headers);
			bytes = clone.bytes();
			Ipv4Checksum.update(bytes, headers.ipOffset);
		}
		InnerPacketKind kind = headers.ipv4 ? InnerPacketKind.IPV4 : InnerPacketKind.IPV6;
		SinkReport report = new SinkReport(hwId, sequence, switchId, repMdBits, sinkMetadata, meta.ingressTimestamp,
				bytes, headers.ipOffset, innerEnd, kind);
		byte[] frame = ReportEncapsulation.frame(collector, udpSourcePort, ReportEncoder.encode(this.format, report));
		this.sink.accept(new ReportFrame(frame, ReportEncapsulation.HEADER_BYTES));
		this.groundTruth.recordReport(meta.packetId, switchId, hwId, sequence, this.format, meta.ingressPort,
				originalEgressPort, meta.ingressTimestamp, meta.egressTimestamp, headers.hopCount);
	}

	// The report_* headers IntReport sets valid, by the RepMdBits they answer.
	private static IntHop sinkMetadata(int repMdBits, int ingressPort, int egressPort, long ingressTimestamp,
			long egressTimestamp) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		if ((repMdBits & IntWire.INSTR_L1_PORT_IDS) != 0) {
			values.put(HopValue.INGRESS_PORT, (long) ingressPort);
			values.put(HopValue.EGRESS_PORT, (long) egressPort);
		}
		if ((repMdBits & IntWire.INSTR_HOP_LATENCY) != 0) {
			values.put(HopValue.HOP_LATENCY, (egressTimestamp - ingressTimestamp) & EventMetrics.U32);
		}
		if ((repMdBits & IntWire.INSTR_INGRESS_TSTAMP) != 0) {
			values.put(HopValue.INGRESS_TS, ingressTimestamp);
		}
		if ((repMdBits & IntWire.INSTR_EGRESS_TSTAMP) != 0) {
			values.put(HopValue.EGRESS_TS, egressTimestamp);
		}
		if ((repMdBits & IntWire.INSTR_L2_PORT_IDS) != 0) {
			values.put(HopValue.L2_INGRESS_PORT, (long) ingressPort);
			values.put(HopValue.L2_EGRESS_PORT, (long) egressPort);
		}
		return IntHop.of(values);
	}

}
