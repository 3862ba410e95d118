package io.sonde.p4programs.codec;

import java.util.List;

/**
 * An INT-MD shim, header and metadata stack as found at the start of a TCP/UDP payload.
 *
 * @param version the specification layout
 * @param shim the shim, its Length as on the wire
 * @param header the INT metadata header
 * @param hops per-hop metadata in path order: the node nearest the source first (the wire
 * stack holds the newest hop first, WIRE_FACTS A.7)
 * @param sourceOnlyWords v2.x source-only domain-specific metadata at the bottom of the
 * stack, counted in the shim Length but not in Hop ML (INT-2.1 §5.8); empty in the other
 * versions
 * @param tail the v0.5 tail, null in the other versions
 * @param endOffset the first byte after the INT bytes (stack, or tail in v0.5) in the
 * decoded array; for a packet built to be encoded, its encoded length
 */
public record IntMdPacket(IntVersion version, IntShim shim, IntMdHeader header, List<IntHop> hops,
		List<Long> sourceOnlyWords, IntTail tail, int endOffset) {

	public IntMdPacket {
		hops = List.copyOf(hops);
		sourceOnlyWords = List.copyOf(sourceOnlyWords);
		if ((tail != null) != (version == IntVersion.V0_5)) {
			throw new IllegalArgumentException("a tail belongs to v0.5 packets and only to them");
		}
		if (header.version() != version.headerVersion()) {
			throw new IllegalArgumentException("header version " + header.version() + " in a " + version + " packet");
		}
	}

	/**
	 * A packet to encode, with the shim Length, the v0.5 Total Hop Count and
	 * {@code endOffset} computed from the hops. Every hop must carry exactly Hop ML (Ins
	 * Cnt) words.
	 * @param version the layout
	 * @param shim the shim; its Length is replaced
	 * @param header the header; in v0.5 its Total Hop Count is replaced
	 * @param pathOrderHops hops, the node nearest the source first
	 * @param sourceOnlyWords v2.x source-only metadata words, empty otherwise
	 * @param tail the v0.5 tail, null otherwise
	 */
	public static IntMdPacket build(IntVersion version, IntShim shim, IntMdHeader header, List<IntHop> pathOrderHops,
			List<Long> sourceOnlyWords, IntTail tail) {
		IntMdHeader counted = (version == IntVersion.V0_5) ? header.withTotalHopCount(pathOrderHops.size()) : header;
		IntMdPacket draft = new IntMdPacket(version, shim, counted, pathOrderHops, sourceOnlyWords, tail, 0);
		int shimLength = switch (version) {
			case V0_5 -> IntMdV05Codec.shimLength(draft);
			case V1_0 -> IntMdV1Codec.shimLength(draft);
			case V2_1 -> IntMdV2Codec.shimLength(draft);
		};
		return new IntMdPacket(version, shim.withLength(shimLength), counted, pathOrderHops, sourceOnlyWords, tail,
				draft.encodedLength());
	}

	/** The number of bytes {@link IntMdCodec#encode} writes for this packet. */
	public int encodedLength() {
		return switch (this.version) {
			case V0_5 -> IntMdV05Codec.encodedLength(this);
			case V1_0 -> IntMdV1Codec.encodedLength(this);
			case V2_1 -> IntMdV2Codec.encodedLength(this);
		};
	}

}
