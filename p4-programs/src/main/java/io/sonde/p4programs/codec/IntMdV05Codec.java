package io.sonde.p4programs.codec;

import java.util.List;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * INT-MD over TCP/UDP, v0.5 layout (WIRE_FACTS C.1, INT-0.5 §5.3.1, §5.3.4): 4-byte shim
 * whose Length counts shim, header, stack and tail; 8-byte header; stack of Total Hop
 * Count hops of Ins Cnt words; 4-byte tail with the original protocol, port and DSCP.
 * ONOS fabric's pre-v0.5 draft header (2-bit Ver, WIRE_FACTS C.5) has the same lengths
 * and bitmap and decodes here.
 */
final class IntMdV05Codec {

	static final int HEADER_SIZE = 8;

	private static final String SHIM = "INT shim v0.5";

	private static final String HEADER = "INT-MD header v0.5";

	private IntMdV05Codec() {
	}

	static IntMdPacket decode(WireReader reader, DecodeLimits limits) throws MalformedTelemetry {
		reader.begin(SHIM);
		IntShim shim = IntMdLegacyShim.read(reader);
		int fixedBytes = IntShim.SIZE + HEADER_SIZE + IntTail.SIZE;
		if (shim.length() * 4 < fixedBytes) {
			throw reader.error(Reason.BAD_LENGTH,
					"Length " + shim.length() + " words is shorter than shim, header and tail (4 words)");
		}
		reader.require(shim.length() * 4 - IntShim.SIZE, "the header, stack and tail the shim Length announces");

		reader.begin(HEADER);
		int first = reader.u8();
		int version = first >>> 4;
		if (version != IntVersion.V0_5.headerVersion()) {
			throw reader.error(Reason.UNKNOWN_VERSION, "Ver " + version + " is not v0.5");
		}
		int instructionCount = reader.u8() & 0x1F; // bits 11-15; bits 8-10 reserved
		int maxHops = reader.u8();
		int totalHops = reader.u8();
		int instructions = reader.u16();
		int reserved = reader.u16();
		IntMdHeader header = new IntMdHeader(version, (first >>> 2) & 0x3, (first & 0x02) != 0, false,
				(first & 0x01) != 0, false, instructionCount, 0, maxHops, totalHops, instructions, 0, 0, 0, reserved);

		int hopBytes = instructionCount * 4;
		int stackBytes = shim.length() * 4 - fixedBytes;
		if (stackBytes != hopBytes * totalHops) {
			throw reader.error(Reason.BAD_LENGTH, "shim Length leaves " + stackBytes + " stack bytes but " + totalHops
					+ " hops of Ins Cnt " + instructionCount + " need " + hopBytes * totalHops);
		}
		IntStack.checkHopFits(reader, MetadataLayout.INT_V05, instructions, hopBytes);
		IntStack.checkHopLimit(reader, totalHops, limits);
		List<IntHop> hops = IntStack.read(reader, MetadataLayout.INT_V05, instructions, totalHops, hopBytes);

		reader.begin("INT tail v0.5");
		IntTail tail = new IntTail(reader.u8(), reader.u16(), reader.u8());
		return new IntMdPacket(IntVersion.V0_5, shim, header, hops, List.of(), tail, reader.position());
	}

	static int encodedLength(IntMdPacket packet) {
		return IntShim.SIZE + HEADER_SIZE + 4 * packet.header().hopMetadataLength() * packet.hops().size()
				+ IntTail.SIZE;
	}

	static int shimLength(IntMdPacket packet) {
		return encodedLength(packet) / 4;
	}

	static void encode(IntMdPacket packet, WireWriter writer) {
		IntMdHeader header = packet.header();
		if (packet.shim().length() != shimLength(packet)) {
			throw new IllegalArgumentException("shim Length " + packet.shim().length()
					+ " but shim, header, stack and tail take " + shimLength(packet) + " words");
		}
		if (header.totalHopCount() != packet.hops().size()) {
			throw new IllegalArgumentException(
					"Total Hop Count " + header.totalHopCount() + " but " + packet.hops().size() + " hops");
		}
		IntMdLegacyShim.write(packet.shim(), writer);
		writer.u8((header.version() << 4) | (header.replication() << 2) | (header.copy() ? 0x02 : 0)
				| (header.hopCountExceeded() ? 0x01 : 0));
		writer.u8(header.hopMetadataLength());
		writer.u8(header.maxHopCount());
		writer.u8(header.totalHopCount());
		writer.u16(header.instructions());
		writer.u16(header.reserved());
		IntStack.write(writer, MetadataLayout.INT_V05, header.instructions(), packet.hops(),
				4 * header.hopMetadataLength());
		IntTail tail = packet.tail();
		writer.u8(tail.protocol());
		writer.u8(tail.destinationPort() >>> 8);
		writer.u8(tail.destinationPort() & 0xFF);
		writer.u8(tail.dscpByte());
	}

}
