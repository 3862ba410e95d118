package io.sonde.p4programs.codec;

import java.util.List;

/** One decoded telemetry report packet (the UDP payload sent to a collector). */
public sealed interface TelemetryReport permits TelemetryReportV20, TelemetryReportV10, TelemetryReportV05 {

	/** The report format. */
	ReportFormat format();

	/** The sequence number, or null when the format has none. */
	Long sequence();

	/** The hardware (line card) id within the node, or null when the format has none. */
	Long hardwareId();

	/** The reporting node's (switch) id, or null when the report does not carry one. */
	Long nodeId();

	/** The packets the report carries, in wire order, as ranges of the decoded array. */
	List<InnerPacket> innerPackets();

}
