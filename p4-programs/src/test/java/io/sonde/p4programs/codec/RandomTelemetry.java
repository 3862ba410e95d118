package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random but valid INT-MD packets and telemetry reports for the property tests. Field
 * widths come from the specifications (WIRE_FACTS A.6, B.5, C.1-C.4), written down here
 * independently of the codec's tables.
 */
final class RandomTelemetry {

	/** Bytes the generated reports' inner contents are taken from. */
	static final int CONTENT_SIZE = 512;

	private RandomTelemetry() {
	}

	static IntMdPacket intPacket(Random random, int maxHops) {
		IntVersion version = IntVersion.values()[random.nextInt(3)];
		int instructions = random.nextInt(0x1_0000);
		MetadataLayout layout = switch (version) {
			case V0_5 -> MetadataLayout.INT_V05;
			case V1_0 -> MetadataLayout.INT_V1;
			case V2_1 -> MetadataLayout.INT_V2;
		};
		int extraWords = random.nextInt(3);
		int hopMl = layout.sizeOf(instructions) / 4 + extraWords;
		int fixedWords = (version == IntVersion.V0_5) ? 4 : 3;
		int domainId = (version == IntVersion.V2_1 && random.nextBoolean()) ? 1 + random.nextInt(0xFFFF) : 0;
		int sourceOnly = (domainId == 0) ? 0 : random.nextInt((hopMl == 0) ? 4 : hopMl);
		int hopCount = (hopMl == 0) ? 0
				: Math.min(random.nextInt(maxHops + 1), (255 - fixedWords - sourceOnly) / hopMl);
		List<IntHop> hops = new ArrayList<>();
		for (int i = 0; i < hopCount; i++) {
			hops.add(hop(random, version, layout.valuesOf(instructions), extraWords));
		}
		IntMdHeader header = new IntMdHeader(version.headerVersion(),
				(version == IntVersion.V2_1) ? 0 : random.nextInt(4),
				version != IntVersion.V2_1 && random.nextBoolean(), version == IntVersion.V2_1 && random.nextBoolean(),
				random.nextBoolean(), version != IntVersion.V0_5 && random.nextBoolean(), hopMl,
				(version == IntVersion.V0_5) ? 0 : random.nextInt(256),
				(version == IntVersion.V0_5) ? random.nextInt(256) : 0, 0, instructions, domainId,
				(domainId == 0) ? 0 : random.nextInt(0x1_0000),
				(version == IntVersion.V2_1) ? random.nextInt(0x1_0000) : 0,
				(version == IntVersion.V2_1) ? 0 : random.nextInt(0x1_0000));
		IntShim shim = (version == IntVersion.V2_1) ? IntShim.v2(random.nextInt(3), random.nextInt(0x1_0000))
				: new IntShim(1, 0, 0, random.nextInt(256));
		IntTail tail = (version == IntVersion.V0_5)
				? new IntTail(random.nextInt(256), random.nextInt(0x1_0000), random.nextInt(256)) : null;
		return IntMdPacket.build(version, shim, header, hops, words(random, sourceOnly), tail);
	}

	private static IntHop hop(Random random, IntVersion version, Set<HopValue> selected, int extraWords) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		for (HopValue value : selected) {
			values.put(value, value(random, bits(version, value)));
		}
		return new IntHop(values, words(random, extraWords));
	}

	/**
	 * Bits of a value: INT-2.1 §5.8, INT-1.0 §4.7, INT-0.5 §5.3.4, TR-2.0 §3.3.1,
	 * TR-1.0/0.5 §3.2.
	 */
	static int bits(IntVersion version, HopValue value) {
		return switch (value) {
			case INGRESS_PORT, EGRESS_PORT -> 16;
			case QUEUE_ID, BUFFER_ID, CONGESTION_QUEUE_ID, DROP_QUEUE_ID, DROP_REASON -> 8;
			case QUEUE_OCCUPANCY, BUFFER_OCCUPANCY, QUEUE_CONGESTION_STATUS -> 24;
			case INGRESS_TS, EGRESS_TS -> (version == IntVersion.V2_1) ? 64 : 32;
			default -> 32;
		};
	}

	/** A value of {@code bits} bits; one in eight is all ones (unavailable). */
	private static long value(Random random, int bits) {
		long mask = (bits == 64) ? -1L : (1L << bits) - 1;
		return (random.nextInt(8) == 0) ? mask : random.nextLong() & mask;
	}

	private static List<Long> words(Random random, int count) {
		List<Long> words = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			words.add(value(random, 32));
		}
		return words;
	}

	static byte[] content(Random random) {
		byte[] content = new byte[CONTENT_SIZE];
		random.nextBytes(content);
		return content;
	}

	static TelemetryReport report(Random random) {
		return switch (random.nextInt(3)) {
			case 0 -> reportV05(random);
			case 1 -> reportV10(random);
			default -> reportV20(random);
		};
	}

	private static TelemetryReportV20 reportV20(Random random) {
		List<IndividualReport> reports = new ArrayList<>();
		int count = 1 + random.nextInt(3);
		for (int i = 0; i < count; i++) {
			reports.add(individualReport(random));
		}
		return new TelemetryReportV20((long) random.nextInt(64), (long) random.nextInt(0x40_0000),
				random.nextLong() & 0xFFFF_FFFFL, reports);
	}

	private static IndividualReport individualReport(Random random) {
		int repType = random.nextInt(2);
		int inType = random.nextInt(6);
		IntReportMetadata metadata = null;
		if (repType == IndividualReport.REP_TYPE_INT) {
			int repMdBits = random.nextInt(0x1_0000);
			Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
			for (HopValue value : MetadataLayout.REPORT_V2.valuesOf(repMdBits)) {
				values.put(value, value(random, bits(IntVersion.V2_1, value)));
			}
			metadata = new IntReportMetadata(repMdBits, random.nextInt(0x1_0000), random.nextInt(0x1_0000),
					random.nextInt(0x1_0000), new IntHop(values, words(random, random.nextInt(3))));
		}
		List<ReportTlv> tlvs = new ArrayList<>();
		if (inType == 1) {
			for (int i = random.nextInt(4); i > 0; i--) {
				tlvs.add(new ReportTlv(random.nextInt(16), random.nextInt(0x1_0000), range(random, true)));
			}
		}
		ByteRange extension = (inType == 2) ? range(random, true) : null;
		InnerPacket packet = null;
		if (inType >= 3) {
			ByteRange range = range(random, true);
			packet = new InnerPacket(ReportV20Codec.kindOf(inType), range.offset(), range.length());
		}
		return new IndividualReport(repType, inType, random.nextBoolean(), random.nextBoolean(), random.nextBoolean(),
				random.nextBoolean(), metadata, tlvs, extension, packet);
	}

	private static TelemetryReportV10 reportV10(Random random) {
		int repMdBits = random.nextInt(0x40);
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		for (HopValue value : MetadataLayout.REPORT_V1.valuesOf(repMdBits)) {
			values.put(value, value(random, bits(IntVersion.V1_0, value)));
		}
		int room = 15 - 4 - Integer.bitCount(repMdBits);
		ByteRange range = range(random, false);
		return new TelemetryReportV10((long) random.nextInt(64), random.nextLong() & 0xFFFF_FFFFL,
				random.nextLong() & 0xFFFF_FFFFL, repMdBits, random.nextBoolean(), random.nextBoolean(),
				random.nextBoolean(), random.nextLong() & 0xFFFF_FFFFL,
				new IntHop(values, words(random, random.nextInt(room + 1))),
				new InnerPacket(InnerPacketKind.values()[random.nextInt(3)], range.offset(), range.length()));
	}

	private static TelemetryReportV05 reportV05(Random random) {
		int nextProtocol = random.nextInt(3);
		IntHop metadata = null;
		if (nextProtocol != TelemetryReportV05.NPROTO_ETHERNET) {
			MetadataLayout layout = (nextProtocol == TelemetryReportV05.NPROTO_DROP_REPORT)
					? MetadataLayout.DROP_REPORT_V05 : MetadataLayout.LOCAL_REPORT_V05;
			Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
			for (HopValue value : layout.valuesOf(MetadataLayout.ALL)) {
				values.put(value, value(random, bits(IntVersion.V0_5, value)));
			}
			metadata = IntHop.of(values);
		}
		ByteRange range = range(random, false);
		return new TelemetryReportV05((long) random.nextInt(64), random.nextLong() & 0xFFFF_FFFFL, nextProtocol,
				random.nextBoolean(), random.nextBoolean(), random.nextBoolean(), random.nextLong() & 0xFFFF_FFFFL,
				metadata, new InnerPacket(InnerPacketKind.ETHERNET, range.offset(), range.length()));
	}

	/**
	 * A range of the content: whole words for TR-2.0, at least one byte for the older
	 * formats.
	 */
	private static ByteRange range(Random random, boolean words) {
		int length = words ? 4 * random.nextInt(24) : 1 + random.nextInt(120);
		return new ByteRange(random.nextInt(CONTENT_SIZE - length + 1), length);
	}

}
