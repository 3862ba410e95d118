package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * INT-MD over TCP/UDP, v2.0 / v2.1 layout: 4-byte shim (WIRE_FACTS A.3, INT-2.1 §5.7.2),
 * 12-byte metadata header (A.4, INT-2.1 §5.8), stack (A.7). The shim Length counts header
 * and stack in words, not the shim.
 */
final class IntMdV2Codec {

	static final int HEADER_SIZE = 12;

	private static final String SHIM = "INT shim v2.1";

	private static final String HEADER = "INT-MD header v2.1";

	private IntMdV2Codec() {
	}

	static IntMdPacket decode(WireReader reader, DecodeLimits limits) throws MalformedTelemetry {
		reader.begin(SHIM);
		int first = reader.u8();
		int type = first >>> 4;
		int nextProtocolType = (first >>> 2) & 0x3;
		if (type != IntShim.TYPE_INT_MD) {
			throw reader.error(Reason.BAD_SHIM, "type " + type + " is not INT-MD (1)");
		}
		if (nextProtocolType == 3) {
			throw reader.error(Reason.BAD_SHIM, "NPT 3 is reserved");
		}
		int lengthWords = reader.u8();
		int savedOriginal = reader.u16();
		return decodeMetadata(reader, new IntShim(type, nextProtocolType, lengthWords, savedOriginal), limits);
	}

	/**
	 * The metadata header and stack after a shim (or a tunnel's shim or option header)
	 * whose Length is {@code shim.length()} words.
	 */
	static IntMdPacket decodeMetadata(WireReader reader, IntShim shim, DecodeLimits limits) throws MalformedTelemetry {
		int lengthWords = shim.length();
		if (lengthWords * 4 < HEADER_SIZE) {
			throw reader.error(Reason.BAD_LENGTH,
					"Length " + lengthWords + " words is shorter than the 3-word metadata header");
		}
		reader.require(lengthWords * 4, "the header and stack the shim Length announces");

		reader.begin(HEADER);
		IntMdHeader header = readHeader(reader);
		int stackBytes = lengthWords * 4 - HEADER_SIZE;
		int hopBytes = header.hopMetadataLength() * 4;
		IntStack.checkHopFits(reader, MetadataLayout.INT_V2, header.instructions(), hopBytes);
		int hopCount = (hopBytes == 0) ? 0 : stackBytes / hopBytes;
		int sourceOnlyBytes = stackBytes - hopCount * hopBytes;
		// Source-only metadata exists only in a domain (INT-2.1 §5.8); in the default
		// domain the stack must be whole hops.
		if (sourceOnlyBytes != 0 && header.domainSpecificId() == 0) {
			throw reader.error(Reason.BAD_LENGTH, "stack of " + stackBytes + " bytes is not a whole number of "
					+ hopBytes + "-byte hops and the default domain has no source-only metadata");
		}
		IntStack.checkHopLimit(reader, hopCount, limits);
		List<IntHop> hops = IntStack.read(reader, MetadataLayout.INT_V2, header.instructions(), hopCount, hopBytes);
		reader.begin("INT source-only metadata");
		List<Long> sourceOnly = new ArrayList<>();
		for (int i = 0; i < sourceOnlyBytes / 4; i++) {
			sourceOnly.add(reader.u32());
		}
		return new IntMdPacket(IntVersion.V2_1, shim, header, hops, sourceOnly, null, reader.position());
	}

	private static IntMdHeader readHeader(WireReader reader) throws MalformedTelemetry {
		int first = reader.u8();
		int version = first >>> 4;
		if (version != IntVersion.V2_1.headerVersion()) {
			throw reader.error(Reason.UNKNOWN_VERSION, "Ver " + version + " after a v2.x shim");
		}
		reader.u8(); // reserved bits 7-14
		int hopMl = reader.u8() & 0x1F; // bits 19-23; bits 15-18 reserved
		int remaining = reader.u8();
		int instructions = reader.u16();
		int dsId = reader.u16();
		int dsInstructions = reader.u16();
		int dsFlags = reader.u16();
		return new IntMdHeader(version, 0, false, (first & 0x08) != 0, (first & 0x04) != 0, (first & 0x02) != 0, hopMl,
				remaining, 0, 0, instructions, dsId, dsInstructions, dsFlags, 0);
	}

	static int encodedLength(IntMdPacket packet) {
		return IntShim.SIZE + HEADER_SIZE + 4 * packet.header().hopMetadataLength() * packet.hops().size()
				+ 4 * packet.sourceOnlyWords().size();
	}

	/** The shim Length that agrees with the packet's stack. */
	static int shimLength(IntMdPacket packet) {
		return (encodedLength(packet) - IntShim.SIZE) / 4;
	}

	static void encode(IntMdPacket packet, WireWriter writer) {
		IntShim shim = packet.shim();
		IntMdHeader header = packet.header();
		if (shim.length() != shimLength(packet)) {
			throw new IllegalArgumentException(
					"shim Length " + shim.length() + " but header and stack take " + shimLength(packet) + " words");
		}
		int hopBytes = 4 * header.hopMetadataLength();
		int sourceOnlyBytes = 4 * packet.sourceOnlyWords().size();
		// A decoder tells source-only words from hops only by their being less than one
		// hop, and only outside the default domain (INT-2.1 §5.8).
		if (sourceOnlyBytes > 0 && (header.domainSpecificId() == 0 || (hopBytes > 0 && sourceOnlyBytes >= hopBytes))) {
			throw new IllegalArgumentException("source-only metadata needs a Domain Specific ID and must be shorter"
					+ " than one hop: " + sourceOnlyBytes + " bytes, hops of " + hopBytes);
		}
		writer.u8((shim.type() << 4) | (shim.nextProtocolType() << 2));
		writer.u8(shim.length());
		writer.u16(shim.savedOriginal());
		int flags = (header.discard() ? 0x08 : 0) | (header.hopCountExceeded() ? 0x04 : 0)
				| (header.mtuExceeded() ? 0x02 : 0);
		writer.u8((header.version() << 4) | flags);
		writer.u8(0);
		writer.u8(header.hopMetadataLength());
		writer.u8(header.remainingHopCount());
		writer.u16(header.instructions());
		writer.u16(header.domainSpecificId());
		writer.u16(header.domainSpecificInstructions());
		writer.u16(header.domainSpecificFlags());
		IntStack.write(writer, MetadataLayout.INT_V2, header.instructions(), packet.hops(), hopBytes);
		packet.sourceOnlyWords().forEach(writer::u32);
	}

}
