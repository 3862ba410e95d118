package io.sonde.p4programs.codec;

import java.util.OptionalInt;

/**
 * The 4-byte INT shim that precedes the INT metadata header over TCP/UDP.
 * <p>
 * v2.x (WIRE_FACTS A.3, INT-2.1 §5.7.2): Type 4 bits, NPT 2, reserved 2, Length 8 (words
 * of metadata header + stack, shim excluded), then 16 bits whose meaning NPT gives.
 * <p>
 * v1.0 (C.2, INT-1.0 §4.6.1): Type 8 bits, reserved 8, Length 8 (words including the
 * shim), DSCP 6 + reserved 2. v0.5 (C.1, INT-0.5 §5.3.1): Type 8, reserved 8, Length 8
 * (words of shim, header, stack and tail), reserved 8.
 *
 * @param type 1 = INT-MD (hop-by-hop), 2 = destination, 3 = INT-MX (v2.x only)
 * @param nextProtocolType v2.x NPT: 0 DSCP or probe marking, 1 original UDP destination
 * port in {@code savedOriginal}, 2 original L4 header after the INT stack with its IP
 * protocol in the low byte of {@code savedOriginal}; always 0 before v2.0
 * @param length the Length field as on the wire, in 4-byte words, with the semantics of
 * its version
 * @param savedOriginal the last 16 bits: v2.x bytes 2-3 as NPT defines them; v1.0 and
 * v0.5 byte 3 (v1.0: original DSCP in the upper 6 bits)
 */
public record IntShim(int type, int nextProtocolType, int length, int savedOriginal) {

	/** Shim length in bytes, in every version. */
	public static final int SIZE = 4;

	/** Type value of an INT-MD (hop-by-hop) shim. */
	public static final int TYPE_INT_MD = 1;

	public IntShim {
		checkRange("type", type, 0xFF);
		checkRange("nextProtocolType", nextProtocolType, 3);
		checkRange("length", length, 0xFF);
		checkRange("savedOriginal", savedOriginal, 0xFFFF);
	}

	/** A v2.x INT-MD shim; the codec fills the length when it builds a packet. */
	public static IntShim v2(int nextProtocolType, int savedOriginal) {
		return new IntShim(TYPE_INT_MD, nextProtocolType, 0, savedOriginal);
	}

	/** A v0.5 or v1.0 INT-MD shim carrying this original DSCP (v1.0) in byte 3. */
	public static IntShim legacy(int originalDscp) {
		return new IntShim(TYPE_INT_MD, 0, 0, (originalDscp & 0x3F) << 2);
	}

	/** This shim with another Length field. */
	public IntShim withLength(int words) {
		return new IntShim(this.type, this.nextProtocolType, words, this.savedOriginal);
	}

	/** The original DSCP the source saved (NPT 0 in v2.x, and v1.0): byte 3 bits 0-5. */
	public OptionalInt originalDscp() {
		return (this.nextProtocolType == 0) ? OptionalInt.of((this.savedOriginal & 0xFF) >>> 2) : OptionalInt.empty();
	}

	/** The original UDP destination port (v2.x NPT 1). */
	public OptionalInt originalUdpDestinationPort() {
		return (this.nextProtocolType == 1) ? OptionalInt.of(this.savedOriginal) : OptionalInt.empty();
	}

	/** The original IP protocol of the L4 header after the INT stack (v2.x NPT 2). */
	public OptionalInt originalIpProtocol() {
		return (this.nextProtocolType == 2) ? OptionalInt.of(this.savedOriginal & 0xFF) : OptionalInt.empty();
	}

	static void checkRange(String field, long value, long max) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(field + " out of range 0.." + max + ": " + value);
		}
	}

}
