package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Objects;

/**
 * A Telemetry Report v2.0 packet: the 8-byte group header (Ver 4, hw_id 6, Sequence
 * Number 22 | Node ID 32; WIRE_FACTS B.2, TR-2.0 §3.2) and its individual reports.
 *
 * @param hardwareId hw_id (6 bits)
 * @param sequence Sequence Number (22 bits)
 * @param nodeId Node ID (32 bits)
 * @param reports the individual reports, at least one
 */
public record TelemetryReportV20(Long hardwareId, Long sequence, Long nodeId,
		List<IndividualReport> reports) implements TelemetryReport {

	public TelemetryReportV20 {
		IntShim.checkRange("hardwareId", Objects.requireNonNull(hardwareId, "hardwareId"), 0x3F);
		IntShim.checkRange("sequence", Objects.requireNonNull(sequence, "sequence"), 0x3F_FFFF);
		IntShim.checkRange("nodeId", Objects.requireNonNull(nodeId, "nodeId"), 0xFFFF_FFFFL);
		reports = List.copyOf(reports);
		if (reports.isEmpty()) {
			throw new IllegalArgumentException("a TR-2.0 packet holds at least one report");
		}
	}

	@Override
	public ReportFormat format() {
		return ReportFormat.TR2_0;
	}

	@Override
	public List<InnerPacket> innerPackets() {
		return this.reports.stream().flatMap((report) -> report.innerPackets().stream()).toList();
	}

}
