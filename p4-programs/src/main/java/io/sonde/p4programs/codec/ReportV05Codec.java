package io.sonde.p4programs.codec;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Telemetry Report v0.5 (WIRE_FACTS C.3, TR-0.5 §3.2): a 12-byte fixed header, an
 * optional Drop Report (12 bytes) or Switch Local Report (16 bytes) header as NProto
 * says, then the original packet from its Ethernet header to the end of the payload.
 */
final class ReportV05Codec {

	static final int FIXED_SIZE = 12;

	/** Word 0 bits 11-25 (TR-0.5 §3.2). */
	private static final long RESERVED = 0x7FFFL << 6;

	private ReportV05Codec() {
	}

	static TelemetryReportV05 decode(WireReader reader) throws MalformedTelemetry {
		reader.begin("telemetry report header v0.5");
		reader.require(FIXED_SIZE, "the fixed header");
		long word = reader.u32();
		int nextProtocol = (int) (word >>> 24) & 0x0F;
		long sequence = reader.u32();
		long ingressTimestamp = reader.u32();
		IntHop metadata = switch (nextProtocol) {
			case TelemetryReportV05.NPROTO_ETHERNET -> null;
			case TelemetryReportV05.NPROTO_DROP_REPORT -> {
				reader.begin("drop report header v0.5");
				reader.require(12, "the drop report header");
				yield MetadataLayout.DROP_REPORT_V05.read(reader, MetadataLayout.ALL, 12);
			}
			case TelemetryReportV05.NPROTO_SWITCH_LOCAL -> {
				reader.begin("switch local report header v0.5");
				reader.require(16, "the switch local report header");
				yield MetadataLayout.LOCAL_REPORT_V05.read(reader, MetadataLayout.ALL, 16);
			}
			default -> throw reader.error(Reason.UNKNOWN_TYPE, "NProto " + nextProtocol + " is reserved");
		};
		reader.begin("inner packet");
		if (reader.remaining() == 0) {
			throw reader.error(Reason.TRUNCATED, "no inner packet after the report header");
		}
		InnerPacket inner = new InnerPacket(InnerPacketKind.ETHERNET, reader.position(), reader.remaining());
		return new TelemetryReportV05(word & 0x3F, sequence, nextProtocol, ((word >>> 23) & 1) != 0,
				((word >>> 22) & 1) != 0, ((word >>> 21) & 1) != 0, ingressTimestamp, metadata, inner);
	}

	/**
	 * Whether the header's reserved bits and the drop report's padding are clear; only
	 * for bytes {@link #decode} accepted.
	 */
	static boolean reservedBitsClear(byte[] data, int offset, TelemetryReportV05 report) {
		long word = ((data[offset + 1] & 0xFFL) << 16) | ((data[offset + 2] & 0xFFL) << 8) | (data[offset + 3] & 0xFFL);
		boolean paddingClear = report.nextProtocol() != TelemetryReportV05.NPROTO_DROP_REPORT
				|| MetadataLayout.DROP_REPORT_V05.paddingClear(data, offset + FIXED_SIZE, MetadataLayout.ALL);
		return (word & RESERVED) == 0 && paddingClear;
	}

	/**
	 * Where the inner packet starts, from the start of the report, for NProto 0, 1, 2.
	 */
	static int headerLength(int nextProtocol) {
		return FIXED_SIZE + switch (nextProtocol) {
			case TelemetryReportV05.NPROTO_DROP_REPORT -> 12;
			case TelemetryReportV05.NPROTO_SWITCH_LOCAL -> 16;
			default -> 0;
		};
	}

	static byte[] encode(TelemetryReportV05 report, byte[] source) {
		if (report.metadata() != null && !report.metadata().extraWords().isEmpty()) {
			throw new IllegalArgumentException("TR-0.5 drop and local report headers have no room for extra words");
		}
		InnerPacket inner = report.innerPacket();
		byte[] out = new byte[headerLength(report.nextProtocol()) + inner.length()];
		WireWriter writer = new WireWriter(out, 0);
		writer.u32(((long) report.nextProtocol() << 24) | (report.dropped() ? 1L << 23 : 0)
				| (report.congestedQueue() ? 1L << 22 : 0) | (report.trackedFlow() ? 1L << 21 : 0)
				| report.hardwareId());
		writer.u32(report.sequence());
		writer.u32(report.ingressTimestamp());
		switch (report.nextProtocol()) {
			case TelemetryReportV05.NPROTO_DROP_REPORT ->
				MetadataLayout.DROP_REPORT_V05.write(writer, MetadataLayout.ALL, report.metadata());
			case TelemetryReportV05.NPROTO_SWITCH_LOCAL ->
				MetadataLayout.LOCAL_REPORT_V05.write(writer, MetadataLayout.ALL, report.metadata());
			default -> {
			}
		}
		writer.bytes(source, inner.offset(), inner.length());
		return out;
	}

}
