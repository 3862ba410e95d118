package io.sonde.javacollector;

import io.sonde.p4programs.decode.TelemetryFrame;

/**
 * The identity of the telemetry report an event was detected in, as its header gives it:
 * the XDP collector's {@code struct collector_event} fields {@code report_seq},
 * {@code report_hw_id} and {@code report_node}, the stream fields {@code report_seq},
 * {@code report_hw_id} and {@code report_node_id} (xdp-collector/REDIS_CONTRACT.md).
 *
 * @param seq the report's sequence number
 * @param hwId the report's hw_id
 * @param nodeId the reporting node (TR2.0 node id, TR1.0 switch id, TR0.5 switch id of
 * its drop or local report header); null when the report names none
 */
public record CollectorReportId(long seq, long hwId, Long nodeId) {

	/** The identity of a decoded report; null for an INT-MD data packet. */
	public static CollectorReportId of(TelemetryFrame frame) {
		if (frame.seq() == null || frame.hwId() == null) {
			return null;
		}
		return new CollectorReportId(frame.seq(), frame.hwId(), frame.nodeId());
	}

	@Override
	public String toString() {
		return "seq=" + this.seq + " hw_id=" + this.hwId + " node=" + this.nodeId;
	}

}
