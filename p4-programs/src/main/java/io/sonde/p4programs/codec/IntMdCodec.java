package io.sonde.p4programs.codec;

import java.util.Objects;
import java.util.Optional;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;

/**
 * Reads and writes INT-MD over TCP/UDP (shim, metadata header, stack and the v0.5 tail)
 * in the v0.5, v1.0 and v2.1 layouts. Decoding reads only inside the given window and
 * fails with {@link MalformedTelemetry} for anything it cannot decode.
 */
public final class IntMdCodec {

	private IntMdCodec() {
	}

	/**
	 * Whether a TCP/UDP payload begins with an INT-MD shim, and of which version
	 * (WIRE_FACTS C.6). The shim must be announced: by a DSCP that {@code limits} lists,
	 * or, for v2.x, by NPT 1 or 2 (the UDP header belongs to INT). Looks at the shim and
	 * the first header byte only; a recognised payload may still fail to {@link #decode
	 * decode} (e.g. truncated).
	 * @param data the bytes
	 * @param offset start of the TCP/UDP payload
	 * @param length bytes of payload in the window
	 * @param dscp the IPv4 DSCP / IPv6 traffic class (upper 6 bits) of the packet
	 * @param limits the DSCP markers to accept
	 * @return the version, or empty when the payload does not begin with INT-MD
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 */
	public static Optional<IntVersion> recognise(byte[] data, int offset, int length, int dscp, DecodeLimits limits) {
		Objects.checkFromIndexSize(offset, length, data.length);
		if (length < IntShim.SIZE + 1) {
			return Optional.empty();
		}
		int first = data[offset] & 0xFF;
		int headerVersion = (data[offset + IntShim.SIZE] & 0xFF) >>> 4;
		if (first >>> 4 == IntShim.TYPE_INT_MD) {
			// v2.x: Type nibble, NPT, reserved bits 6-7 zero, Length at least
			// the 3-word header.
			int nextProtocolType = (first >>> 2) & 0x3;
			boolean announced = nextProtocolType == 1 || nextProtocolType == 2 || limits.marksInt(dscp);
			boolean wellFormed = (first & 0x3) == 0 && nextProtocolType != 3 && (data[offset + 1] & 0xFF) >= 3;
			return (announced && wellFormed && headerVersion == 2) ? Optional.of(IntVersion.V2_1) : Optional.empty();
		}
		// v0.5 / v1.0: Type byte 1, reserved byte 0; only a DSCP marking
		// announces them here.
		if (first != IntShim.TYPE_INT_MD || data[offset + 1] != 0 || !limits.marksInt(dscp)) {
			return Optional.empty();
		}
		int lengthWords = data[offset + 2] & 0xFF;
		if (headerVersion == 0 && lengthWords >= 4) {
			return Optional.of(IntVersion.V0_5);
		}
		if (headerVersion == 1 && lengthWords >= 3) {
			return Optional.of(IntVersion.V1_0);
		}
		return Optional.empty();
	}

	/**
	 * Decodes the INT-MD bytes at the start of a TCP/UDP payload; the version comes from
	 * the shim's first byte and the header's Ver field (WIRE_FACTS C.6).
	 * @param data the bytes
	 * @param offset where the shim starts
	 * @param length bytes available from {@code offset} (the rest of the L4 payload)
	 * @param limits the hop limit
	 * @return the packet, its {@code endOffset} in {@code data}
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 * @throws MalformedTelemetry when the bytes are not a well-formed INT-MD shim +
	 * header + stack
	 */
	public static IntMdPacket decode(byte[] data, int offset, int length, DecodeLimits limits)
			throws MalformedTelemetry {
		WireReader reader = new WireReader(data, offset, length);
		reader.begin("INT shim");
		int first = reader.peekU8(0);
		if (first >>> 4 != 0) {
			return IntMdV2Codec.decode(reader, limits);
		}
		if (first != IntShim.TYPE_INT_MD) {
			throw reader.error(Reason.BAD_SHIM, "first byte 0x" + Integer.toHexString(first)
					+ " is neither a v2.x Type nibble nor the v0.5/v1.0 hop-by-hop Type 1");
		}
		int headerVersion = reader.peekU8(IntShim.SIZE) >>> 4;
		return switch (headerVersion) {
			case 0 -> IntMdV05Codec.decode(reader, limits);
			case 1 -> IntMdV1Codec.decode(reader, limits);
			default -> {
				reader.skip(IntShim.SIZE);
				reader.begin("INT-MD header");
				throw reader.error(Reason.UNKNOWN_VERSION, "Ver " + headerVersion + " after a v0.5/v1.0 shim");
			}
		};
	}

	/**
	 * Decodes the INT-MD v2.x metadata header and stack a tunnel header announces (the
	 * INT shims for GRE and VXLAN-GPE, the Geneve option; WIRE_FACTS A.8, INT-2.1 §5.7.1,
	 * §5.7.3, §5.7.4), with the same checks as after a TCP/UDP shim.
	 * @param data the bytes
	 * @param offset where the metadata header starts (after the shim or option header)
	 * @param length bytes available from {@code offset}
	 * @param lengthWords the shim's or option's Length: words of header and stack
	 * @param limits the hop limit
	 * @return the packet; its shim is a v2.x shim with NPT 0 and this Length
	 * @throws IndexOutOfBoundsException when the window is not inside {@code data}
	 * @throws MalformedTelemetry when the bytes are not a well-formed header + stack
	 */
	public static IntMdPacket decodeV2Metadata(byte[] data, int offset, int length, int lengthWords,
			DecodeLimits limits) throws MalformedTelemetry {
		WireReader reader = new WireReader(data, offset, length);
		reader.begin("INT tunnel shim");
		return IntMdV2Codec.decodeMetadata(reader, IntShim.v2(0, 0).withLength(lengthWords), limits);
	}

	/**
	 * {@link #decode(byte[], int, int, DecodeLimits)} with {@link DecodeLimits#DEFAULT}.
	 */
	public static IntMdPacket decode(byte[] data, int offset, int length) throws MalformedTelemetry {
		return decode(data, offset, length, DecodeLimits.DEFAULT);
	}

	/**
	 * The wire bytes of a packet: shim, header, stack (newest hop first) and the v0.5
	 * tail.
	 * @throws IllegalArgumentException when the packet is inconsistent (a hop's values do
	 * not match the bitmap, hops do not fill Hop ML, the shim Length disagrees with the
	 * stack)
	 */
	public static byte[] encode(IntMdPacket packet) {
		byte[] out = new byte[packet.encodedLength()];
		encodeInto(packet, out, 0);
		return out;
	}

	/**
	 * Writes the packet's wire bytes into {@code target} from {@code offset}.
	 * @return the offset after the last byte written
	 * @throws IllegalArgumentException as {@link #encode}, or when {@code target} is too
	 * short
	 */
	public static int encodeInto(IntMdPacket packet, byte[] target, int offset) {
		if (packet.shim().type() != IntShim.TYPE_INT_MD) {
			throw new IllegalArgumentException("only INT-MD shims (Type 1) are encoded: " + packet.shim());
		}
		WireWriter writer = new WireWriter(target, offset);
		switch (packet.version()) {
			case V0_5 -> IntMdV05Codec.encode(packet, writer);
			case V1_0 -> IntMdV1Codec.encode(packet, writer);
			case V2_1 -> IntMdV2Codec.encode(packet, writer);
		}
		return writer.position();
	}

}
