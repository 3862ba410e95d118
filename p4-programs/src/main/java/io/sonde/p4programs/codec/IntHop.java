package io.sonde.p4programs.codec;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The metadata one node contributed: an INT stack entry, or the metadata of a telemetry
 * report. Unavailable values stay in the map as all ones (0xFFFFFFFF, or -1L for 8-byte
 * fields), the way the node wrote them (INT-2.1 §5.8).
 *
 * @param values the values the bitmap selects, ordered by {@link HopValue}
 * @param extraWords the 4-byte words after the baseline values that the bitmap does not
 * name: fillers for reserved bitmap bits, then domain-specific metadata in DS Instruction
 * / DSMdBits order (INT-2.1 §5.8, TR-2.0 §3.3.1), each an unsigned 32-bit value
 */
public record IntHop(Map<HopValue, Long> values, List<Long> extraWords) {

	public IntHop {
		EnumMap<HopValue, Long> ordered = new EnumMap<>(HopValue.class);
		ordered.putAll(values);
		ordered.values().forEach(Objects::requireNonNull);
		values = Collections.unmodifiableMap(ordered);
		extraWords = List.copyOf(extraWords);
		for (Long word : extraWords) {
			if (word < 0 || word > 0xFFFF_FFFFL) {
				throw new IllegalArgumentException("extra word is not an unsigned 32-bit value: " + word);
			}
		}
	}

	/** A hop with these values and no extra words. */
	public static IntHop of(Map<HopValue, Long> values) {
		return new IntHop(values, List.of());
	}

	/** The value, or null when the hop does not carry it. */
	public Long value(HopValue value) {
		return this.values.get(value);
	}

}
