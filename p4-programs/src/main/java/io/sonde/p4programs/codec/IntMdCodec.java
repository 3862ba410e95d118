package io.sonde.p4programs.codec;

import java.util.Optional;

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
	 */
	public static Optional<IntVersion> recognise(byte[] data, int offset, int length, int dscp, DecodeLimits limits) {
		throw new UnsupportedOperationException("API commit");
	}

	/**
	 * Decodes the INT-MD bytes at the start of a TCP/UDP payload; the version comes from
	 * the shim's first byte and the header's Ver field (WIRE_FACTS C.6).
	 * @param data the bytes
	 * @param offset where the shim starts
	 * @param length bytes available from {@code offset} (the rest of the L4 payload)
	 * @param limits the hop limit
	 * @return the packet, its {@code endOffset} in {@code data}
	 * @throws MalformedTelemetry when the bytes are not a well-formed INT-MD shim +
	 * header + stack
	 */
	public static IntMdPacket decode(byte[] data, int offset, int length, DecodeLimits limits)
			throws MalformedTelemetry {
		throw new UnsupportedOperationException("API commit");
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
		throw new UnsupportedOperationException("API commit");
	}

}
