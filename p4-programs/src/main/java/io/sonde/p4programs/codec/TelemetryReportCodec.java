package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Optional;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

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
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 */
	public static Optional<ReportFormat> recognise(byte[] data, int offset, int length) {
		TelemetryReport report;
		try {
			report = decode(data, offset, length);
		}
		catch (MalformedTelemetry notAReport) {
			return Optional.empty();
		}
		boolean strictLayout = switch (report.format()) {
			case TR0_5 -> ReportV05Codec.reservedBitsClear(data, offset, (TelemetryReportV05) report);
			case TR1_0 -> ReportV10Codec.reservedBitsClear(data, offset, (TelemetryReportV10) report)
					&& ((TelemetryReportV10) report).metadata().extraWords().isEmpty();
			case TR2_0 -> ReportV20Codec.reservedBitsClear(data, offset, length)
					&& ((TelemetryReportV20) report).reports().stream().allMatch(TelemetryReportCodec::noStrayWords);
		};
		List<InnerPacket> inner = report.innerPackets();
		boolean packetsLookRight = !inner.isEmpty() && inner.stream()
			.allMatch((packet) -> InnerPacketSniffer.looksLike(packet.kind(), data, packet.offset(), packet.length()));
		return (strictLayout && packetsLookRight) ? Optional.of(report.format()) : Optional.empty();
	}

	/**
	 * Whether an INT report's metadata holds only what its bitmaps announce: words beyond
	 * the RepMdBits values are domain-specific metadata, so DSMdBits must announce some.
	 */
	private static boolean noStrayWords(IndividualReport report) {
		IntReportMetadata metadata = report.metadata();
		return metadata == null || metadata.dsMdBits() != 0 || metadata.values().extraWords().isEmpty();
	}

	/**
	 * Decodes a telemetry report; the format comes from the first nibble (WIRE_FACTS
	 * C.6).
	 * @param data the bytes
	 * @param offset start of the UDP payload
	 * @param length UDP payload bytes (the UDP length minus 8, not the rest of the frame)
	 * @return the report; its ranges index {@code data}
	 * @throws MalformedTelemetry when the bytes break the report layout
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 */
	public static TelemetryReport decode(byte[] data, int offset, int length) throws MalformedTelemetry {
		WireReader reader = new WireReader(data, offset, length);
		reader.begin("telemetry report");
		int version = reader.peekU8(0) >>> 4;
		return switch (version) {
			case 0 -> ReportV05Codec.decode(reader);
			case 1 -> ReportV10Codec.decode(reader);
			case 2 -> ReportV20Codec.decode(reader);
			default -> throw reader.error(Reason.UNKNOWN_VERSION, "Ver " + version + " is no telemetry report version");
		};
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
		if (report instanceof TelemetryReportV20 v20) {
			return ReportV20Codec.encode(v20, contentSource);
		}
		if (report instanceof TelemetryReportV10 v10) {
			return ReportV10Codec.encode(v10, contentSource);
		}
		return ReportV05Codec.encode((TelemetryReportV05) report, contentSource);
	}

}
