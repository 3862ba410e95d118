package io.sonde.p4programs.codec;

/**
 * A packet a telemetry report carries, as a range of the array the report was decoded
 * from (or, when encoding, of the array the packet bytes are taken from). It may be
 * truncated.
 *
 * @param kind the header it starts with
 * @param offset its first byte
 * @param length its bytes
 */
public record InnerPacket(InnerPacketKind kind, int offset, int length) {

	public InnerPacket {
		if (offset < 0 || length < 0) {
			throw new IllegalArgumentException("negative inner packet range: " + offset + "+" + length);
		}
	}

}
