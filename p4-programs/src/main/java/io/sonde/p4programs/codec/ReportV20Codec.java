package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Telemetry Report v2.0 (WIRE_FACTS B, TR-2.0 §3): an 8-byte group header, then
 * individual reports until the end of the UDP payload, each 4 bytes + Report Length
 * words; Report Length 0xFF means "to the end of the payload, no further reports" (TR-2.0
 * HEAD text). Transparent-security's inner-only reports with a metadata block also run to
 * the end ({@link TransparentSecurityReport}).
 */
final class ReportV20Codec {

	static final int GROUP_HEADER_SIZE = 8;

	static final int REPORT_HEADER_SIZE = 4;

	/**
	 * Fixed part of the INT main contents: RepMdBits, DS ID, DSMdBits, DSMdstatus (B.4).
	 */
	static final int INT_FIXED_SIZE = 8;

	static final int LENGTH_TO_END = 0xFF;

	private ReportV20Codec() {
	}

	static TelemetryReportV20 decode(WireReader reader) throws MalformedTelemetry {
		reader.begin("telemetry report group header v2.0");
		reader.require(GROUP_HEADER_SIZE, "the group header");
		long word = reader.u32();
		long nodeId = reader.u32();
		List<IndividualReport> reports = new ArrayList<>();
		boolean toEnd = false;
		while (reader.remaining() > 0 && !toEnd) {
			reader.begin("individual report header v2.0");
			reader.require(REPORT_HEADER_SIZE, "an individual report header");
			int types = reader.u8();
			int reportLength = reader.u8();
			toEnd = reportLength == LENGTH_TO_END;
			reports.add(decodeReport(reader, types, reportLength, reports.isEmpty()));
		}
		if (reports.isEmpty()) {
			throw reader.error(Reason.TRUNCATED, "no individual report after the group header");
		}
		return new TelemetryReportV20((word >>> 22) & 0x3F, word & 0x3F_FFFF, nodeId, reports);
	}

	private static IndividualReport decodeReport(WireReader reader, int types, int reportLength, boolean first)
			throws MalformedTelemetry {
		int repType = types >>> 4;
		int inType = types & 0x0F;
		int mdLength = reader.u8();
		int flags = reader.u8();
		boolean transparentSecurity = first && TransparentSecurityReport.signature(repType, inType, mdLength);
		int bodyBytes = (reportLength == LENGTH_TO_END || transparentSecurity) ? reader.remaining() : reportLength * 4;
		reader.require(bodyBytes, "the " + reportLength + "-word report body");
		int bodyEnd = reader.position() + bodyBytes;
		if (inType > 5) {
			throw reader.error(Reason.UNKNOWN_TYPE, "InType " + inType + " is reserved");
		}
		IntReportMetadata metadata = switch (repType) {
			case IndividualReport.REP_TYPE_INNER_ONLY -> {
				if (transparentSecurity) {
					skipTransparentSecurityBlock(reader, mdLength, bodyBytes);
				}
				yield null;
			}
			case IndividualReport.REP_TYPE_INT -> decodeIntContents(reader, mdLength, bodyBytes);
			default -> throw reader.error(Reason.UNKNOWN_TYPE,
					"RepType " + repType + ((repType == 2) ? " (IOAM) is not decoded" : " is reserved"));
		};
		int innerStart = reader.position();
		int innerBytes = bodyEnd - innerStart;
		List<ReportTlv> tlvs = List.of();
		ByteRange extension = null;
		InnerPacket packet = null;
		switch (inType) {
			case 0 -> {
				if (innerBytes != 0) {
					throw reader.error(Reason.BAD_LENGTH, innerBytes + " bytes of inner contents with InType None");
				}
			}
			case 1 -> tlvs = decodeTlvs(reader, bodyEnd);
			case 2 -> extension = new ByteRange(innerStart, innerBytes);
			default -> {
				InnerPacketKind kind = transparentSecurity
						? TransparentSecurityReport.innerKind(inType, (innerBytes > 0) ? reader.peekU8(0) : -1)
						: kindOf(inType);
				packet = new InnerPacket(kind, innerStart, innerBytes);
			}
		}
		reader.seek(bodyEnd);
		return new IndividualReport(repType, inType, (flags & 0x80) != 0, (flags & 0x40) != 0, (flags & 0x20) != 0,
				(flags & 0x10) != 0, metadata, tlvs, extension, packet);
	}

	/**
	 * An inner-only report with an MD Length is transparent-security's: its metadata
	 * block comes before the packet ({@link TransparentSecurityReport}).
	 */
	private static void skipTransparentSecurityBlock(WireReader reader, int mdLength, int bodyBytes)
			throws MalformedTelemetry {
		if (bodyBytes < TransparentSecurityReport.BLOCK_SIZE) {
			throw reader.error(Reason.BAD_LENGTH, "MD Length " + mdLength + " in an inner-only report, but " + bodyBytes
					+ " bytes cannot hold transparent-security's 12-byte metadata block");
		}
		reader.skip(TransparentSecurityReport.BLOCK_SIZE);
	}

	private static IntReportMetadata decodeIntContents(WireReader reader, int mdLength, int bodyBytes)
			throws MalformedTelemetry {
		if (bodyBytes < INT_FIXED_SIZE + mdLength * 4) {
			throw reader.error(Reason.BAD_LENGTH, "report body of " + bodyBytes + " bytes cannot hold the "
					+ INT_FIXED_SIZE + "-byte INT contents and MD Length " + mdLength + " words");
		}
		int repMdBits = reader.u16();
		int dsId = reader.u16();
		int dsMdBits = reader.u16();
		int dsMdStatus = reader.u16();
		int baseline = MetadataLayout.REPORT_V2.sizeOf(repMdBits);
		if (baseline > mdLength * 4) {
			throw reader.error(Reason.BAD_LENGTH, "RepMdBits 0x" + Integer.toHexString(repMdBits) + " need " + baseline
					+ " bytes but MD Length gives " + mdLength * 4);
		}
		IntHop values = MetadataLayout.REPORT_V2.read(reader, repMdBits, mdLength * 4);
		return new IntReportMetadata(repMdBits, dsId, dsMdBits, dsMdStatus, values);
	}

	private static List<ReportTlv> decodeTlvs(WireReader reader, int bodyEnd) throws MalformedTelemetry {
		List<ReportTlv> tlvs = new ArrayList<>();
		while (reader.position() < bodyEnd) {
			reader.begin("report TLV");
			if (bodyEnd - reader.position() < REPORT_HEADER_SIZE) {
				throw reader.error(Reason.BAD_LENGTH, "a TLV header does not fit in the report");
			}
			int type = reader.u8() >>> 4;
			int dataBytes = reader.u8() * 4;
			int template = reader.u16();
			if (dataBytes > bodyEnd - reader.position()) {
				throw reader.error(Reason.BAD_LENGTH, "TLV of " + dataBytes + " bytes runs past its report");
			}
			tlvs.add(new ReportTlv(type, template, new ByteRange(reader.position(), dataBytes)));
			reader.skip(dataBytes);
		}
		return tlvs;
	}

	/**
	 * Whether the reserved bits of every individual report header are clear; only for
	 * bytes that {@link #decode} accepted, so every header read here lies inside the
	 * window.
	 */
	static boolean reservedBitsClear(byte[] data, int offset, int length) {
		int position = offset + GROUP_HEADER_SIZE;
		int end = offset + length;
		while (position < end) {
			int reportLength = data[position + 1] & 0xFF;
			if ((data[position + 3] & 0x0F) != 0) {
				return false;
			}
			boolean transparentSecurity = position == offset + GROUP_HEADER_SIZE && TransparentSecurityReport
				.signature((data[position] & 0xFF) >>> 4, data[position] & 0x0F, data[position + 2] & 0xFF);
			if (reportLength == LENGTH_TO_END || transparentSecurity) {
				break;
			}
			position += REPORT_HEADER_SIZE + reportLength * 4;
		}
		return true;
	}

	static byte[] encode(TelemetryReportV20 report, byte[] source) {
		List<IndividualReport> reports = report.reports();
		int[] bodyBytes = new int[reports.size()];
		int total = GROUP_HEADER_SIZE;
		for (int i = 0; i < reports.size(); i++) {
			bodyBytes[i] = bodyBytes(reports.get(i), i == reports.size() - 1);
			total += REPORT_HEADER_SIZE + bodyBytes[i];
		}
		byte[] out = new byte[total];
		WireWriter writer = new WireWriter(out, 0);
		writer.u32((2L << 28) | (report.hardwareId() << 22) | report.sequence());
		writer.u32(report.nodeId());
		for (int i = 0; i < reports.size(); i++) {
			writeReport(writer, reports.get(i), bodyBytes[i], source);
		}
		return out;
	}

	/**
	 * Bytes after the report header: main contents and inner contents padded to words, or
	 * unpadded when the last report is too long for Report Length and runs to the end.
	 */
	private static int bodyBytes(IndividualReport report, boolean last) {
		int inner = innerBytes(report);
		int padded = metadataBytes(report) + pad(inner);
		if (padded / 4 < LENGTH_TO_END) {
			return padded;
		}
		if (!last) {
			throw new IllegalArgumentException(
					"a report of " + padded + " bytes needs Report Length 0xFF, which only the last report may use");
		}
		return metadataBytes(report) + inner;
	}

	private static int metadataBytes(IndividualReport report) {
		return (report.metadata() == null) ? 0 : INT_FIXED_SIZE + 4 * mdLength(report.metadata());
	}

	private static int mdLength(IntReportMetadata metadata) {
		IntHop values = metadata.values();
		int words = MetadataLayout.REPORT_V2.sizeOf(metadata.repMdBits()) / 4 + values.extraWords().size();
		if (words > 0xFF) {
			throw new IllegalArgumentException("MD Length of " + words + " words does not fit 8 bits");
		}
		return words;
	}

	private static int innerBytes(IndividualReport report) {
		return switch (report.inType()) {
			case 0 -> 0;
			case 1 -> report.tlvs().stream().mapToInt((tlv) -> REPORT_HEADER_SIZE + pad(tlv.data().length())).sum();
			case 2 -> report.domainSpecificData().length();
			default -> report.innerPacket().length();
		};
	}

	private static void writeReport(WireWriter writer, IndividualReport report, int bodyBytes, byte[] source) {
		boolean toEnd = bodyBytes / 4 >= LENGTH_TO_END;
		writer.u8((report.repType() << 4) | report.inType());
		writer.u8(toEnd ? LENGTH_TO_END : bodyBytes / 4);
		IntReportMetadata metadata = report.metadata();
		writer.u8((metadata == null) ? 0 : mdLength(metadata));
		writer.u8((report.dropped() ? 0x80 : 0) | (report.congestedQueue() ? 0x40 : 0)
				| (report.trackedFlow() ? 0x20 : 0) | (report.intermediate() ? 0x10 : 0));
		if (metadata != null) {
			writer.u16(metadata.repMdBits());
			writer.u16(metadata.domainSpecificId());
			writer.u16(metadata.dsMdBits());
			writer.u16(metadata.dsMdStatus());
			MetadataLayout.REPORT_V2.write(writer, metadata.repMdBits(), metadata.values());
		}
		int innerStart = writer.position();
		switch (report.inType()) {
			case 0 -> {
			}
			case 1 -> report.tlvs().forEach((tlv) -> writeTlv(writer, tlv, source));
			case 2 -> writer.bytes(source, report.domainSpecificData().offset(), report.domainSpecificData().length());
			default -> writer.bytes(source, report.innerPacket().offset(), report.innerPacket().length());
		}
		int innerWritten = writer.position() - innerStart;
		if (!toEnd) {
			writer.zeros(pad(innerWritten) - innerWritten);
		}
	}

	private static void writeTlv(WireWriter writer, ReportTlv tlv, byte[] source) {
		int words = pad(tlv.data().length()) / 4;
		if (words > 0xFF) {
			throw new IllegalArgumentException("TLV of " + words + " words does not fit TLVLength");
		}
		writer.u8(tlv.type() << 4);
		writer.u8(words);
		writer.u16(tlv.dataTemplate());
		writer.bytes(source, tlv.data().offset(), tlv.data().length());
		writer.zeros(words * 4 - tlv.data().length());
	}

	private static int pad(int bytes) {
		return (bytes + 3) & ~3;
	}

	static InnerPacketKind kindOf(int inType) {
		return switch (inType) {
			case 3 -> InnerPacketKind.ETHERNET;
			case 4 -> InnerPacketKind.IPV4;
			case 5 -> InnerPacketKind.IPV6;
			default -> throw new IllegalArgumentException("InType " + inType + " is not a packet");
		};
	}

	static int inTypeOf(InnerPacketKind kind) {
		return switch (kind) {
			case ETHERNET -> 3;
			case IPV4 -> 4;
			case IPV6 -> 5;
		};
	}

}
