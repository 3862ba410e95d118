package io.sonde.p4programs.decode;

/**
 * A frame that carried telemetry: an INT-MD data packet or a telemetry report.
 *
 * @param frame the frame number
 * @param format {@code "INT-MD"}, {@code "TR2.0"}, {@code "TR1.0"} or {@code "TR0.5"}
 * @param seq the report's sequence number; null for INT-MD
 * @param hwId the report's hw_id; null for INT-MD
 * @param nodeId the reporting node; null for INT-MD and when the report has none
 * @param flow the flow of the data packet (for a report, of its inner packet); null when
 * a report carries no packet
 * @param intStack the INT metadata; null when a report carries none
 */
public record TelemetryFrame(long frame, String format, Long seq, Long hwId, Long nodeId, Flow flow,
		IntStack intStack) implements DecodedFrame {

	/** The format name of INT-MD data packets. */
	public static final String INT_MD = "INT-MD";

}
