package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * The per-hop metadata stack shared by all INT-MD versions: every hop is exactly Hop ML
 * words, the most recent hop first on the wire (WIRE_FACTS A.7), path order in the model.
 */
final class IntStack {

	private IntStack() {
	}

	/** Fails unless the values a bitmap selects fit in one hop of {@code hopBytes}. */
	static void checkHopFits(WireReader reader, MetadataLayout layout, int instructions, int hopBytes)
			throws MalformedTelemetry {
		int needed = layout.sizeOf(instructions);
		if (needed > hopBytes) {
			throw reader.error(Reason.BAD_LENGTH, "instruction bitmap 0x" + Integer.toHexString(instructions)
					+ " needs " + needed + " bytes per hop but Hop ML gives " + hopBytes);
		}
	}

	/** Fails with HOP_COUNT_OVER_LIMIT when the stack holds more hops than allowed. */
	static void checkHopLimit(WireReader reader, int hops, DecodeLimits limits) throws MalformedTelemetry {
		if (hops > limits.maxHops()) {
			throw reader.error(Reason.HOP_COUNT_OVER_LIMIT,
					hops + " hops in the stack, the limit is " + limits.maxHops());
		}
	}

	/**
	 * Reads {@code count} hops of {@code hopBytes} each and returns them in path order.
	 */
	static List<IntHop> read(WireReader reader, MetadataLayout layout, int instructions, int count, int hopBytes)
			throws MalformedTelemetry {
		List<IntHop> hops = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			reader.begin("INT hop " + i + " (newest first)");
			hops.add(layout.read(reader, instructions, hopBytes));
		}
		Collections.reverse(hops);
		return hops;
	}

	/** Writes path-order hops newest first; each must fill {@code hopBytes} exactly. */
	static void write(WireWriter writer, MetadataLayout layout, int instructions, List<IntHop> pathOrderHops,
			int hopBytes) {
		if (layout.sizeOf(instructions) > hopBytes) {
			throw new IllegalArgumentException("instruction bitmap 0x" + Integer.toHexString(instructions) + " needs "
					+ layout.sizeOf(instructions) + " bytes per hop but Hop ML gives " + hopBytes);
		}
		for (int i = pathOrderHops.size() - 1; i >= 0; i--) {
			IntHop hop = pathOrderHops.get(i);
			int size = layout.sizeOf(instructions) + 4 * hop.extraWords().size();
			if (size != hopBytes) {
				throw new IllegalArgumentException(
						"hop " + i + " holds " + size + " bytes but Hop ML gives " + hopBytes + " bytes per hop");
			}
			layout.write(writer, instructions, hop);
		}
	}

}
