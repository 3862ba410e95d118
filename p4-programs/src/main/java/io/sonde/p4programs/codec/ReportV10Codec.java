package io.sonde.p4programs.codec;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Telemetry Report v1.0 (WIRE_FACTS C.4, TR-1.0 §3.2): a 16-byte header whose Length
 * nibble counts it and its optional metadata in words, then the inner packet to the end
 * of the payload. ONOS basic writes D, Q, F into bits 17-19 (WIRE_FACTS C.5); those bits
 * are reserved by the specification, so they are read as the specification says (ignored)
 * and not as flags. INTCollector's test generator writes Length 1 (its field's default):
 * a Length of 1 to 3 words, which cannot hold the fixed header, is read as the 4-word
 * header followed by the metadata RepMdBits select, the only size the header can have.
 * Length 0 stays an error: INTCollector's older generator wrote a TR-0.5-sized 12-byte
 * header with Ver 1 and NProto 0 in that nibble, so 0 has two readings.
 */
final class ReportV10Codec {

	static final int FIXED_SIZE = 16;

	/**
	 * Word 0 bits 20-22: reserved in TR-1.0 and zero in every known emitter (C.4, C.5).
	 */
	private static final long RESERVED_ALWAYS_CLEAR = 0x7L << 9;

	private ReportV10Codec() {
	}

	static TelemetryReportV10 decode(WireReader reader) throws MalformedTelemetry {
		reader.begin("telemetry report header v1.0");
		reader.require(FIXED_SIZE, "the fixed header");
		long word = reader.u32();
		int lengthWords = (int) (word >>> 24) & 0x0F;
		int nextProtocol = (int) (word >>> 21) & 0x7;
		int repMdBits = (int) (word >>> 15) & 0x3F;
		long switchId = reader.u32();
		long sequence = reader.u32();
		long ingressTimestamp = reader.u32();
		if (lengthWords == 0) {
			throw reader.error(Reason.BAD_LENGTH, "Length 0 words is shorter than the 4-word header");
		}
		if (nextProtocol > 2) {
			throw reader.error(Reason.UNKNOWN_TYPE, "NProt " + nextProtocol + " is reserved");
		}
		boolean lengthBelowHeader = lengthWords * 4 < FIXED_SIZE;
		int metadataBytes = lengthBelowHeader ? MetadataLayout.REPORT_V1.sizeOf(repMdBits)
				: lengthWords * 4 - FIXED_SIZE;
		reader.require(metadataBytes, "the optional metadata");
		int needed = MetadataLayout.REPORT_V1.sizeOf(repMdBits);
		if (needed > metadataBytes) {
			throw reader.error(Reason.BAD_LENGTH, "RepMdBits 0x" + Integer.toHexString(repMdBits) + " need " + needed
					+ " bytes but Length leaves " + metadataBytes);
		}
		IntHop metadata = MetadataLayout.REPORT_V1.read(reader, repMdBits, metadataBytes);
		reader.begin("inner packet");
		if (reader.remaining() == 0) {
			throw reader.error(Reason.TRUNCATED, "no inner packet after the report header");
		}
		InnerPacket inner = new InnerPacket(kindOf(nextProtocol), reader.position(), reader.remaining());
		return new TelemetryReportV10(word & 0x3F, sequence, switchId, repMdBits, ((word >>> 8) & 1) != 0,
				((word >>> 7) & 1) != 0, ((word >>> 6) & 1) != 0, ingressTimestamp, metadata, inner, lengthBelowHeader);
	}

	/**
	 * Whether the reserved bits no known emitter sets are clear (header and drop-word
	 * padding). Only for bytes {@link #decode} accepted.
	 */
	static boolean reservedBitsClear(byte[] data, int offset, TelemetryReportV10 report) {
		long word = ((data[offset + 1] & 0xFFL) << 16) | ((data[offset + 2] & 0xFFL) << 8) | (data[offset + 3] & 0xFFL);
		return (word & RESERVED_ALWAYS_CLEAR) == 0
				&& MetadataLayout.REPORT_V1.paddingClear(data, offset + FIXED_SIZE, report.repMdBits());
	}

	static byte[] encode(TelemetryReportV10 report, byte[] source) {
		int metadataWords = MetadataLayout.REPORT_V1.sizeOf(report.repMdBits()) / 4
				+ report.metadata().extraWords().size();
		int lengthWords = FIXED_SIZE / 4 + metadataWords;
		if (lengthWords > 0x0F) {
			throw new IllegalArgumentException("header and metadata of " + lengthWords + " words do not fit Length");
		}
		InnerPacket inner = report.innerPacket();
		byte[] out = new byte[lengthWords * 4 + inner.length()];
		WireWriter writer = new WireWriter(out, 0);
		writer.u32((1L << 28) | ((long) lengthWords << 24) | ((long) nextProtocolOf(inner.kind()) << 21)
				| ((long) report.repMdBits() << 15) | (report.dropped() ? 1L << 8 : 0)
				| (report.congestedQueue() ? 1L << 7 : 0) | (report.trackedFlow() ? 1L << 6 : 0) | report.hardwareId());
		writer.u32(report.nodeId());
		writer.u32(report.sequence());
		writer.u32(report.ingressTimestamp());
		MetadataLayout.REPORT_V1.write(writer, report.repMdBits(), report.metadata());
		writer.bytes(source, inner.offset(), inner.length());
		return out;
	}

	private static InnerPacketKind kindOf(int nextProtocol) {
		return switch (nextProtocol) {
			case 0 -> InnerPacketKind.ETHERNET;
			case 1 -> InnerPacketKind.IPV4;
			default -> InnerPacketKind.IPV6;
		};
	}

	private static int nextProtocolOf(InnerPacketKind kind) {
		return switch (kind) {
			case ETHERNET -> 0;
			case IPV4 -> 1;
			case IPV6 -> 2;
		};
	}

}
