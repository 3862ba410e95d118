package io.sonde.p4programs.decode;

import java.util.List;

import io.sonde.p4programs.codec.IntHop;

/**
 * The {@code "int"} object of a decoded frame.
 *
 * @param version the INT metadata header's Ver field (2, 1 or 0); 2 for TR2.0 report
 * metadata
 * @param instructions the 16-bit instruction bitmap (TR2.0 report metadata: RepMdBits)
 * @param hopMetadataLength Hop ML in words (v0.5: Ins Cnt; TR2.0 report metadata: MD
 * Length)
 * @param remainingHopCount Remaining Hop Count (v0.5: Max − Total Hop Count); null for
 * report metadata, which has no such field
 * @param hops per-hop values in path order, the node nearest the source first
 */
public record IntStack(int version, int instructions, int hopMetadataLength, Integer remainingHopCount,
		List<IntHop> hops) {

	public IntStack {
		hops = List.copyOf(hops);
	}

}
