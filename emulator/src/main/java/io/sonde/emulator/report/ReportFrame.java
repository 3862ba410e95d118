package io.sonde.emulator.report;

import java.util.Arrays;
import java.util.Objects;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * One telemetry report as a switch emitted it: the whole frame (Ethernet / IPv4 / UDP /
 * report, as int_report.p4 encapsulates it) and where its UDP payload, the report proper,
 * starts.
 *
 * @param packetId the emulator's id of the reported packet (ground truth)
 * @param nodeId the reporting switch's INT Node ID
 * @param format the report format of the payload
 * @param frame the frame bytes, exactly as long as the frame
 * @param payloadOffset where the UDP payload starts in {@code frame}
 */
public record ReportFrame(long packetId, long nodeId, ReportFormat format, byte[] frame, int payloadOffset) {

	public ReportFrame {
		Objects.requireNonNull(format, "format");
		Objects.requireNonNull(frame, "frame");
		Objects.checkIndex(payloadOffset, frame.length);
	}

	/** Bytes of the UDP payload. */
	public int payloadLength() {
		return this.frame.length - this.payloadOffset;
	}

	/** A copy of the UDP payload. */
	public byte[] payload() {
		return Arrays.copyOfRange(this.frame, this.payloadOffset, this.frame.length);
	}

}
