package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Which bytes a metadata bitmap selects, and in what order: the table of one bitmap's
 * fields (INT instruction bitmap, report RepMdBits) as its specification draws it. Every
 * node writes the selected fields in bit order (bit 0 first), then the words the bitmap
 * does not name (reserved-bit fillers, domain-specific metadata), then the trailer field
 * (INT's Checksum Complement, INT-2.1 §5.8 "last").
 */
final class MetadataLayout {

	/** Bits of one value inside a field; a null value is padding. */
	record Part(HopValue value, int bits) {
	}

	/** The bytes one bitmap bit selects. */
	record Field(int mask, int bytes, List<Part> parts) {
	}

	/**
	 * INT v2.0 / v2.1 instruction bitmap (WIRE_FACTS A.6, INT-2.1 §5.8): 8-byte
	 * timestamps.
	 */
	static final MetadataLayout INT_V2 = new MetadataLayout(
			List.of(word(0x8000, HopValue.SWITCH_ID, 32), ports(0x4000), word(0x2000, HopValue.HOP_LATENCY, 32),
					split(0x1000, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY), wide(0x0800, HopValue.INGRESS_TS),
					wide(0x0400, HopValue.EGRESS_TS), levelTwoPorts(0x0200), word(0x0100, HopValue.EGRESS_TX_UTIL, 32),
					split(0x0080, HopValue.BUFFER_ID, HopValue.BUFFER_OCCUPANCY)),
			word(0x0001, HopValue.CHECKSUM_COMPLEMENT, 32));

	/**
	 * INT v1.0 instruction bitmap (A.6, INT-1.0 §4.7): 4-byte timestamps, no buffer word.
	 */
	static final MetadataLayout INT_V1 = new MetadataLayout(List.of(word(0x8000, HopValue.SWITCH_ID, 32), ports(0x4000),
			word(0x2000, HopValue.HOP_LATENCY, 32), split(0x1000, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY),
			word(0x0800, HopValue.INGRESS_TS, 32), word(0x0400, HopValue.EGRESS_TS, 32), levelTwoPorts(0x0200),
			word(0x0100, HopValue.EGRESS_TX_UTIL, 32)), word(0x0001, HopValue.CHECKSUM_COMPLEMENT, 32));

	/**
	 * INT v0.5 instruction bitmap (A.6, INT-0.5 §5.3.4): every value one word, bits 8-15
	 * reserved.
	 */
	static final MetadataLayout INT_V05 = new MetadataLayout(
			List.of(word(0x8000, HopValue.SWITCH_ID, 32), ports(0x4000), word(0x2000, HopValue.HOP_LATENCY, 32),
					split(0x1000, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY), word(0x0800, HopValue.INGRESS_TS, 32),
					word(0x0400, HopValue.EGRESS_TS, 32),
					split(0x0200, HopValue.CONGESTION_QUEUE_ID, HopValue.QUEUE_CONGESTION_STATUS),
					word(0x0100, HopValue.EGRESS_TX_UTIL, 32)),
			null);

	/**
	 * TR-2.0 RepMdBits (B.5, TR-2.0 §3.3.1): bit 0 reserved (the Node ID is in the group
	 * header), bits 1-8 as INT v2.x, bit 15 queue id + drop reason; all before the
	 * domain-specific words.
	 */
	static final MetadataLayout REPORT_V2 = new MetadataLayout(
			List.of(ports(0x4000), word(0x2000, HopValue.HOP_LATENCY, 32),
					split(0x1000, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY), wide(0x0800, HopValue.INGRESS_TS),
					wide(0x0400, HopValue.EGRESS_TS), levelTwoPorts(0x0200), word(0x0100, HopValue.EGRESS_TX_UTIL, 32),
					split(0x0080, HopValue.BUFFER_ID, HopValue.BUFFER_OCCUPANCY), dropWord(0x0001)),
			null);

	/** TR-1.0 6-bit RepMdBits (C.4, TR-1.0 §3.2): bit 0 = 0x20, every value one word. */
	static final MetadataLayout REPORT_V1 = new MetadataLayout(List.of(ports(0x20),
			word(0x10, HopValue.HOP_LATENCY, 32), split(0x08, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY),
			word(0x04, HopValue.EGRESS_TS, 32), dropWord(0x02), word(0x01, HopValue.EGRESS_TX_UTIL, 32)), null);

	/**
	 * TR-0.5 Drop Report header, 12 bytes (C.3, TR-0.5 §3.2.2); read with {@link #ALL}.
	 */
	static final MetadataLayout DROP_REPORT_V05 = new MetadataLayout(
			List.of(word(0x8000, HopValue.SWITCH_ID, 32), ports(0x4000), dropWord(0x2000)), null);

	/**
	 * TR-0.5 Switch Local Report header, 16 bytes (C.3, TR-0.5 §3.2.3); read with
	 * {@link #ALL}.
	 */
	static final MetadataLayout LOCAL_REPORT_V05 = new MetadataLayout(
			List.of(word(0x8000, HopValue.SWITCH_ID, 32), ports(0x4000),
					split(0x2000, HopValue.QUEUE_ID, HopValue.QUEUE_OCCUPANCY), word(0x1000, HopValue.EGRESS_TS, 32)),
			null);

	/** A bitmap that selects every field of a fixed layout. */
	static final int ALL = 0xFFFF;

	private final List<Field> fields;

	private final Field trailer;

	private MetadataLayout(List<Field> fields, Field trailer) {
		this.fields = fields;
		this.trailer = trailer;
	}

	/** Bytes of the values a bitmap selects (without extra words). */
	int sizeOf(int bitmap) {
		int size = 0;
		for (Field field : selected(bitmap)) {
			size += field.bytes();
		}
		return size;
	}

	/** The values a bitmap selects. */
	Set<HopValue> valuesOf(int bitmap) {
		Set<HopValue> values = EnumSet.noneOf(HopValue.class);
		for (Field field : selected(bitmap)) {
			field.parts().stream().map(Part::value).filter((value) -> value != null).forEach(values::add);
		}
		return values;
	}

	/**
	 * Reads one node's metadata of {@code totalBytes} bytes: the selected values and the
	 * words between them and the trailer. The caller has checked that {@code totalBytes}
	 * is at least {@link #sizeOf} and a whole number of words beyond it.
	 */
	IntHop read(WireReader reader, int bitmap, int totalBytes) throws MalformedTelemetry {
		int extraBytes = totalBytes - sizeOf(bitmap);
		if (extraBytes < 0 || extraBytes % 4 != 0) {
			throw reader.error(Reason.BAD_LENGTH, "bitmap 0x" + Integer.toHexString(bitmap) + " needs " + sizeOf(bitmap)
					+ " bytes, got " + totalBytes);
		}
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		for (Field field : this.fields) {
			if ((bitmap & field.mask()) != 0) {
				readField(reader, field, values);
			}
		}
		List<Long> extra = new ArrayList<>(extraBytes / 4);
		for (int i = 0; i < extraBytes / 4; i++) {
			extra.add(reader.u32());
		}
		if (hasTrailer(bitmap)) {
			readField(reader, this.trailer, values);
		}
		return new IntHop(values, extra);
	}

	/**
	 * Writes one node's metadata.
	 * @throws IllegalArgumentException when the hop's values are not exactly those the
	 * bitmap selects or a value does not fit its field
	 */
	void write(WireWriter writer, int bitmap, IntHop hop) {
		Set<HopValue> expected = valuesOf(bitmap);
		if (!hop.values().keySet().equals(expected)) {
			throw new IllegalArgumentException("bitmap 0x" + Integer.toHexString(bitmap) + " selects " + expected
					+ " but the hop carries " + hop.values().keySet());
		}
		for (Field field : this.fields) {
			if ((bitmap & field.mask()) != 0) {
				writeField(writer, field, hop);
			}
		}
		hop.extraWords().forEach(writer::u32);
		if (hasTrailer(bitmap)) {
			writeField(writer, this.trailer, hop);
		}
	}

	/**
	 * Whether the padding bits of the selected fields are zero, for metadata that starts
	 * at {@code offset} and that {@link #read} has already accepted (so every field lies
	 * inside {@code data}).
	 */
	boolean paddingClear(byte[] data, int offset, int bitmap) {
		int fieldStart = offset;
		for (Field field : this.fields) {
			if ((bitmap & field.mask()) == 0) {
				continue;
			}
			int bit = 0;
			for (Part part : field.parts()) {
				if (part.value() == null && !bitsClear(data, fieldStart, bit, part.bits())) {
					return false;
				}
				bit += part.bits();
			}
			fieldStart += field.bytes();
		}
		return true;
	}

	private static boolean bitsClear(byte[] data, int fieldStart, int firstBit, int count) {
		for (int bit = firstBit; bit < firstBit + count; bit++) {
			if ((data[fieldStart + bit / 8] & (0x80 >>> (bit % 8))) != 0) {
				return false;
			}
		}
		return true;
	}

	private boolean hasTrailer(int bitmap) {
		return this.trailer != null && (bitmap & this.trailer.mask()) != 0;
	}

	private List<Field> selected(int bitmap) {
		List<Field> selected = new ArrayList<>();
		for (Field field : this.fields) {
			if ((bitmap & field.mask()) != 0) {
				selected.add(field);
			}
		}
		if (hasTrailer(bitmap)) {
			selected.add(this.trailer);
		}
		return selected;
	}

	private static void readField(WireReader reader, Field field, Map<HopValue, Long> values)
			throws MalformedTelemetry {
		long raw = reader.unsigned(field.bytes());
		int shift = field.bytes() * 8;
		for (Part part : field.parts()) {
			shift -= part.bits();
			if (part.value() != null) {
				long mask = (part.bits() == 64) ? -1L : (1L << part.bits()) - 1;
				values.put(part.value(), (raw >>> shift) & mask);
			}
		}
	}

	private static void writeField(WireWriter writer, Field field, IntHop hop) {
		long raw = 0;
		int shift = field.bytes() * 8;
		for (Part part : field.parts()) {
			shift -= part.bits();
			if (part.value() != null) {
				long value = hop.values().get(part.value());
				if (part.bits() < 64 && (value < 0 || value >= (1L << part.bits()))) {
					throw new IllegalArgumentException(
							part.value() + " does not fit " + part.bits() + " bits: " + value);
				}
				raw |= (part.bits() == 64) ? value : value << shift;
			}
		}
		writer.unsigned(raw, field.bytes());
	}

	private static Field word(int mask, HopValue value, int bits) {
		return new Field(mask, bits / 8, List.of(new Part(value, bits)));
	}

	private static Field wide(int mask, HopValue value) {
		return new Field(mask, 8, List.of(new Part(value, 64)));
	}

	private static Field split(int mask, HopValue id, HopValue level) {
		return new Field(mask, 4, List.of(new Part(id, 8), new Part(level, 24)));
	}

	private static Field ports(int mask) {
		return new Field(mask, 4, List.of(new Part(HopValue.INGRESS_PORT, 16), new Part(HopValue.EGRESS_PORT, 16)));
	}

	private static Field levelTwoPorts(int mask) {
		return new Field(mask, 8,
				List.of(new Part(HopValue.L2_INGRESS_PORT, 32), new Part(HopValue.L2_EGRESS_PORT, 32)));
	}

	/**
	 * Queue ID 8 + Drop Reason 8 + padding 16 (TR-2.0 RepMdBits bit 15, TR-1.0 bit 4,
	 * TR-0.5 drop report).
	 */
	private static Field dropWord(int mask) {
		return new Field(mask, 4,
				List.of(new Part(HopValue.DROP_QUEUE_ID, 8), new Part(HopValue.DROP_REASON, 8), new Part(null, 16)));
	}

}
