package io.sonde.p4programs.codec;

/**
 * The shim of v0.5 and v1.0 over TCP/UDP: Type 8, reserved 8, Length 8, and a last byte
 * (v1.0 original DSCP 6 + reserved 2; v0.5 reserved) (WIRE_FACTS C.1, C.2).
 */
final class IntMdLegacyShim {

	private IntMdLegacyShim() {
	}

	/**
	 * Reads a shim whose Type byte {@link IntMdCodec#decode} has found to be 1
	 * (hop-by-hop).
	 */
	static IntShim read(WireReader reader) throws MalformedTelemetry {
		int type = reader.u8();
		reader.u8(); // reserved
		int length = reader.u8();
		int last = reader.u8();
		return new IntShim(type, 0, length, last);
	}

	static void write(IntShim shim, WireWriter writer) {
		if (shim.nextProtocolType() != 0 || shim.savedOriginal() > 0xFF) {
			throw new IllegalArgumentException("a v0.5/v1.0 shim has no NPT and one saved byte: " + shim);
		}
		writer.u8(shim.type());
		writer.u8(0);
		writer.u8(shim.length());
		writer.u8(shim.savedOriginal());
	}

}
