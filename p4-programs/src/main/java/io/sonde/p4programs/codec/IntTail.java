package io.sonde.p4programs.codec;

/**
 * The 4-byte INT tail of v0.5, after the stack (WIRE_FACTS C.1, INT-0.5 §5.3.1).
 *
 * @param protocol the original IPv4 protocol / IPv6 next header
 * @param destinationPort the original L4 destination port
 * @param dscpByte the last byte: original DSCP (the P4 reference's {@code bit<8> dscp};
 * ONOS fabric keeps it in the low 6 bits, WIRE_FACTS C.5)
 */
public record IntTail(int protocol, int destinationPort, int dscpByte) {

	/** Tail length in bytes. */
	public static final int SIZE = 4;

	public IntTail {
		IntShim.checkRange("protocol", protocol, 0xFF);
		IntShim.checkRange("destinationPort", destinationPort, 0xFFFF);
		IntShim.checkRange("dscpByte", dscpByte, 0xFF);
	}

}
