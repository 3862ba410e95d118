package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntVersion;

/**
 * Tolerates the INT v1.0 stacks of GEANT int-platforms (WIRE_FACTS C.5): 8-byte ingress
 * and egress timestamps where INT-1.0 §4.7 has 4 bytes, and 16 + 16-bit level-2 port ids
 * where it has 32 + 32. GEANT's Hop ML counts its own layout, so when Hop ML equals
 * GEANT's size for the bitmap and not the specification's, the stack can only be GEANT's
 * and is read again with GEANT's widths (the codec reads every v1.0 stack by the
 * specification). When both sizes are equal the specification's reading stands.
 */
final class GeantStacks {

	/** GEANT's bytes per bitmap bit (its P4 headers); 0 = a bit GEANT never sets. */
	private static final int[] GEANT_BYTES = { 4, 4, 4, 4, 8, 8, 4, 4, 0, 0, 0, 0, 0, 0, 0, 4 };

	/** INT-1.0 §4.7 bytes per bitmap bit; 0 = reserved. */
	private static final int[] SPEC_BYTES = { 4, 4, 4, 4, 4, 4, 8, 4, 0, 0, 0, 0, 0, 0, 0, 4 };

	/** Bits 8-14: reserved in v1.0, never written by GEANT. */
	private static final int RESERVED_BITS = 0x00FE;

	private GeantStacks() {
	}

	/** The packet, its hops read with GEANT's widths when its stack is GEANT's. */
	static IntMdPacket tolerate(IntMdPacket packet, byte[] data) {
		int bitmap = packet.header().instructions();
		int hopBytes = packet.header().hopMetadataLength() * 4;
		if (packet.version() != IntVersion.V1_0 || (bitmap & RESERVED_BITS) != 0 || packet.hops().isEmpty()
				|| size(GEANT_BYTES, bitmap) != hopBytes || size(SPEC_BYTES, bitmap) == hopBytes) {
			return packet;
		}
		int stackStart = packet.endOffset() - packet.hops().size() * hopBytes;
		if (stackStart < 0 || packet.endOffset() > data.length) {
			return packet;
		}
		List<IntHop> pathOrder = new ArrayList<>();
		for (int i = 0; i < packet.hops().size(); i++) {
			pathOrder.add(hop(data, stackStart + i * hopBytes, bitmap));
		}
		// The wire stack holds the newest hop first; hops are kept in path order.
		Collections.reverse(pathOrder);
		return new IntMdPacket(packet.version(), packet.shim(), packet.header(), pathOrder, packet.sourceOnlyWords(),
				packet.tail(), packet.endOffset());
	}

	private static int size(int[] bytesPerBit, int bitmap) {
		int bytes = 0;
		for (int bit = 0; bit < 16; bit++) {
			if ((bitmap & (0x8000 >>> bit)) != 0) {
				bytes += bytesPerBit[bit];
			}
		}
		return bytes;
	}

	private static IntHop hop(byte[] data, int offset, int bitmap) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		int at = offset;
		if (set(bitmap, 0)) {
			values.put(HopValue.SWITCH_ID, read(data, at, 4));
			at += 4;
		}
		if (set(bitmap, 1)) {
			values.put(HopValue.INGRESS_PORT, read(data, at, 2));
			values.put(HopValue.EGRESS_PORT, read(data, at + 2, 2));
			at += 4;
		}
		if (set(bitmap, 2)) {
			values.put(HopValue.HOP_LATENCY, read(data, at, 4));
			at += 4;
		}
		if (set(bitmap, 3)) {
			values.put(HopValue.QUEUE_ID, read(data, at, 1));
			values.put(HopValue.QUEUE_OCCUPANCY, read(data, at + 1, 3));
			at += 4;
		}
		if (set(bitmap, 4)) {
			values.put(HopValue.INGRESS_TS, read(data, at, 8));
			at += 8;
		}
		if (set(bitmap, 5)) {
			values.put(HopValue.EGRESS_TS, read(data, at, 8));
			at += 8;
		}
		if (set(bitmap, 6)) {
			values.put(HopValue.L2_INGRESS_PORT, read(data, at, 2));
			values.put(HopValue.L2_EGRESS_PORT, read(data, at + 2, 2));
			at += 4;
		}
		if (set(bitmap, 7)) {
			values.put(HopValue.EGRESS_TX_UTIL, read(data, at, 4));
			at += 4;
		}
		if (set(bitmap, 15)) {
			values.put(HopValue.CHECKSUM_COMPLEMENT, read(data, at, 4));
		}
		return IntHop.of(values);
	}

	private static boolean set(int bitmap, int bit) {
		return (bitmap & (0x8000 >>> bit)) != 0;
	}

	/** Big-endian unsigned value of 1-8 bytes (8 bytes keep their bits in a long). */
	private static long read(byte[] data, int offset, int bytes) {
		long value = 0;
		for (int i = 0; i < bytes; i++) {
			value = (value << 8) | (data[offset + i] & 0xFF);
		}
		return value;
	}

}
