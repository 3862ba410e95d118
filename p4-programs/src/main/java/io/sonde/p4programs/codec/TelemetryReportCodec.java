package io.sonde.p4programs.codec;

import java.util.Optional;

/**
 * Reads and writes telemetry report packets (the UDP payload a reporting node sends a
 * collector) in the v0.5, v1.0 and v2.0 formats. Decoding reads only inside the given
 * window and fails with {@link MalformedTelemetry} for anything it cannot decode.
 */
public final class TelemetryReportCodec {

	private TelemetryReportCodec() {
	}

	/**
	 * Whether a UDP payload is a telemetry report, and of which format, judged by content
	 * alone (never by the UDP port; WIRE_FACTS C.6): the version nibble, lengths that fit
	 * the window, reserved bits and types, and an inner packet whose first bytes parse as
	 * Ethernet / IPv4 / IPv6. Ordinary UDP payloads (DNS, NTP, ...) are rejected with
	 * high probability.
	 * @param data the bytes
	 * @param offset start of the UDP payload
	 * @param length UDP payload bytes
	 * @return the format, or empty when the payload is not a report
	 */
	public static Optional<ReportFormat> recognise(byte[] data, int offset, int length) {
		throw new UnsupportedOperationException("API commit");
	}

	/**
	 * Decodes a telemetry report; the format comes from the first nibble (WIRE_FACTS
	 * C.6).
	 * @param data the bytes
	 * @param offset start of the UDP payload
	 * @param length UDP payload bytes (the UDP length minus 8, not the rest of the frame)
	 * @return the report; its ranges index {@code data}
	 * @throws MalformedTelemetry when the bytes break the report layout
	 */
	public static TelemetryReport decode(byte[] data, int offset, int length) throws MalformedTelemetry {
		throw new UnsupportedOperationException("API commit");
	}

	/**
	 * The wire bytes of a report. Report Length, MD Length and TLVLength (TR-2.0) and
	 * Length (TR-1.0) are computed; inner contents of TR-2.0 reports are padded with
	 * zeros to whole words.
	 * @param report the report
	 * @param contentSource the array its inner packets, TLV data and extension data index
	 * @throws IllegalArgumentException when the report cannot be encoded (values that do
	 * not match the bitmaps, ranges outside {@code contentSource}, more words than a
	 * length field holds)
	 */
	public static byte[] encode(TelemetryReport report, byte[] contentSource) {
		throw new UnsupportedOperationException("API commit");
	}

}
