package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Tolerates the INT stacks of INTCollector's test generator (docs/SONDE_DECODE.md, "Other
 * implementations"): a v1.0 shim whose Length counts the shim, a v1.0 metadata header
 * (Hop ML, Remaining Hop Count) whose Ver field is 0, one 4-byte word per instruction bit
 * 0-7, and queue words split 16/16: bit 3 is a 16-bit queue id above a 16-bit occupancy,
 * bit 6 (filled like v0.5's queue congestion word) a 16-bit queue id above a 16-bit
 * congestion status.
 * <p>
 * Ver 0 belongs to v0.5, whose header holds Ins Cnt, Max Hop Count and Total Hop Count
 * where v1.0 holds Hop ML and Remaining Hop Count. A stack is read as INTCollector's only
 * when the v0.5 reading breaks v0.5's own length rule (the stack is Ins Cnt × Total Hop
 * Count words) and the v1.0 reading keeps INTCollector's (Hop ML is one word per bit 0-7
 * set, no other bit is set, the stack is whole hops): every stack v0.5 can read is read
 * as v0.5.
 */
final class IntCollectorStacks {

	private static final int SHIM = 4;

	private static final int HEADER = 8;

	/** A v0.5 shim, header and tail: what a v0.5 Length counts besides the stack. */
	private static final int V05_FIXED = 16;

	/** Bits 8-15: reserved in v0.5, never set by INTCollector's generator. */
	private static final int OTHER_BITS = 0x00FF;

	private static final String WHAT = "INT-MD header v1.0 with Ver 0 (INTCollector's test generator)";

	private IntCollectorStacks() {
	}

	/**
	 * Whether the INT-MD at {@code offset} (a legacy shim the codec recognised, within
	 * the {@code length} bytes to the end of the payload) is INTCollector's.
	 */
	static boolean matches(byte[] data, int offset, int length) {
		if (length < SHIM + HEADER || (data[offset] & 0xFF) != 1 || (data[offset + SHIM] & 0xF0) != 0) {
			return false;
		}
		int lengthBytes = (data[offset + 2] & 0xFF) * 4;
		int instructionCount = data[offset + 5] & 0x1F;
		int totalHops = data[offset + 7] & 0xFF;
		int hopMl = data[offset + 6] & 0x1F;
		int bitmap = u16(data, offset + 8);
		boolean v05Holds = lengthBytes >= V05_FIXED && lengthBytes - V05_FIXED == instructionCount * 4 * totalHops;
		boolean intCollectorHolds = (bitmap & OTHER_BITS) == 0 && hopMl != 0 && hopMl == Integer.bitCount(bitmap)
				&& lengthBytes >= SHIM + HEADER && (lengthBytes - SHIM - HEADER) % (hopMl * 4) == 0;
		return !v05Holds && intCollectorHolds;
	}

	/** Reads a stack that {@link #matches} accepted. */
	static IntStack read(byte[] data, int offset, int length, DecodeLimits limits) throws MalformedTelemetry {
		int lengthBytes = (data[offset + 2] & 0xFF) * 4;
		if (lengthBytes > length) {
			throw new MalformedTelemetry(Reason.TRUNCATED, WHAT, 0,
					"the shim Length announces " + lengthBytes + " bytes, " + length + " remain");
		}
		int hopMl = data[offset + 6] & 0x1F;
		int bitmap = u16(data, offset + 8);
		int hopBytes = hopMl * 4;
		int count = (lengthBytes - SHIM - HEADER) / hopBytes;
		if (count > limits.maxHops()) {
			throw new MalformedTelemetry(Reason.HOP_COUNT_OVER_LIMIT, WHAT, SHIM,
					count + " hops, more than the limit of " + limits.maxHops());
		}
		List<IntHop> pathOrder = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			pathOrder.add(hop(data, offset + SHIM + HEADER + i * hopBytes, bitmap));
		}
		// The wire stack holds the newest hop first; hops are kept in path order.
		Collections.reverse(pathOrder);
		return new IntStack(0, bitmap, hopMl, data[offset + 7] & 0xFF, pathOrder);
	}

	private static IntHop hop(byte[] data, int offset, int bitmap) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		int at = offset;
		for (int bit = 0; bit < 8; bit++) {
			if ((bitmap & (0x8000 >>> bit)) == 0) {
				continue;
			}
			long word = u32(data, at);
			at += 4;
			switch (bit) {
				case 0 -> values.put(HopValue.SWITCH_ID, word);
				case 1 -> {
					values.put(HopValue.INGRESS_PORT, word >>> 16);
					values.put(HopValue.EGRESS_PORT, word & 0xFFFF);
				}
				case 2 -> values.put(HopValue.HOP_LATENCY, word);
				case 3 -> {
					values.put(HopValue.QUEUE_ID, word >>> 16);
					values.put(HopValue.QUEUE_OCCUPANCY, word & 0xFFFF);
				}
				case 4 -> values.put(HopValue.INGRESS_TS, word);
				case 5 -> values.put(HopValue.EGRESS_TS, word);
				case 6 -> {
					values.put(HopValue.CONGESTION_QUEUE_ID, word >>> 16);
					values.put(HopValue.QUEUE_CONGESTION_STATUS, word & 0xFFFF);
				}
				default -> values.put(HopValue.EGRESS_TX_UTIL, word);
			}
		}
		return IntHop.of(values);
	}

	private static int u16(byte[] data, int offset) {
		return ((data[offset] & 0xFF) << 8) | (data[offset + 1] & 0xFF);
	}

	private static long u32(byte[] data, int offset) {
		return ((long) u16(data, offset) << 16) | u16(data, offset + 2);
	}

}
