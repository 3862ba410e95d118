package io.sonde.p4programs.codec;

import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * INT-MD over TCP/UDP, v1.0 layout (WIRE_FACTS C.2, INT-1.0 §4.6.1, §4.7): 4-byte shim
 * whose Length counts the shim itself, 8-byte metadata header, stack; no tail.
 */
final class IntMdV1Codec {

	static final int HEADER_SIZE = 8;

	private static final String SHIM = "INT shim v1.0";

	private static final String HEADER = "INT-MD header v1.0";

	private IntMdV1Codec() {
	}

	static IntMdPacket decode(WireReader reader, DecodeLimits limits) throws MalformedTelemetry {
		reader.begin(SHIM);
		IntShim shim = IntMdLegacyShim.read(reader);
		if (shim.length() * 4 < IntShim.SIZE + HEADER_SIZE) {
			throw reader.error(Reason.BAD_LENGTH,
					"Length " + shim.length() + " words is shorter than the 3-word shim and header");
		}
		reader.require(shim.length() * 4 - IntShim.SIZE, "the header and stack the shim Length announces");

		reader.begin(HEADER);
		int first = reader.u8();
		int version = first >>> 4;
		if (version != IntVersion.V1_0.headerVersion()) {
			throw reader.error(Reason.UNKNOWN_VERSION, "Ver " + version + " is not v1.0");
		}
		boolean mtuExceeded = (reader.u8() & 0x80) != 0; // bit 8; bits 9-15 reserved
		int hopMl = reader.u8() & 0x1F; // bits 19-23; bits 16-18 reserved
		int remaining = reader.u8();
		int instructions = reader.u16();
		int reserved = reader.u16();
		IntMdHeader header = new IntMdHeader(version, (first >>> 2) & 0x3, (first & 0x02) != 0, false,
				(first & 0x01) != 0, mtuExceeded, hopMl, remaining, 0, 0, instructions, 0, 0, 0, reserved);

		int stackBytes = shim.length() * 4 - IntShim.SIZE - HEADER_SIZE;
		int hopBytes = hopMl * 4;
		IntStack.checkHopFits(reader, MetadataLayout.INT_V1, instructions, hopBytes);
		if ((hopBytes == 0) ? stackBytes != 0 : stackBytes % hopBytes != 0) {
			throw reader.error(Reason.BAD_LENGTH,
					"stack of " + stackBytes + " bytes is not a whole number of " + hopBytes + "-byte hops");
		}
		int hopCount = (hopBytes == 0) ? 0 : stackBytes / hopBytes;
		IntStack.checkHopLimit(reader, hopCount, limits);
		List<IntHop> hops = IntStack.read(reader, MetadataLayout.INT_V1, instructions, hopCount, hopBytes);
		return new IntMdPacket(IntVersion.V1_0, shim, header, hops, List.of(), null, reader.position());
	}

	static int encodedLength(IntMdPacket packet) {
		return IntShim.SIZE + HEADER_SIZE + 4 * packet.header().hopMetadataLength() * packet.hops().size();
	}

	static int shimLength(IntMdPacket packet) {
		return encodedLength(packet) / 4;
	}

	static void encode(IntMdPacket packet, WireWriter writer) {
		IntMdHeader header = packet.header();
		if (packet.shim().length() != shimLength(packet)) {
			throw new IllegalArgumentException("shim Length " + packet.shim().length()
					+ " but shim, header and stack take " + shimLength(packet) + " words");
		}
		IntMdLegacyShim.write(packet.shim(), writer);
		writer.u8((header.version() << 4) | (header.replication() << 2) | (header.copy() ? 0x02 : 0)
				| (header.hopCountExceeded() ? 0x01 : 0));
		writer.u8(header.mtuExceeded() ? 0x80 : 0);
		writer.u8(header.hopMetadataLength());
		writer.u8(header.remainingHopCount());
		writer.u16(header.instructions());
		writer.u16(header.reserved());
		IntStack.write(writer, MetadataLayout.INT_V1, header.instructions(), packet.hops(),
				4 * header.hopMetadataLength());
	}

}
