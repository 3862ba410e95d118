package io.sonde.emulator.pipeline;

/**
 * {@code HashAlgorithm.crc16} as BMv2 computes it: polynomial 0x8005, input and output
 * reflected, initial value 0, no final XOR (the CRC-16/ARC parameters; check value 0xBB3D
 * for "123456789").
 */
final class Crc16 {

	private static final int[] TABLE = new int[256];

	static {
		for (int value = 0; value < 256; value++) {
			int crc = value;
			for (int bit = 0; bit < 8; bit++) {
				// 0xA001 is 0x8005 reflected: the reflected algorithm shifts right.
				crc = ((crc & 1) != 0) ? (crc >>> 1) ^ 0xA001 : crc >>> 1;
			}
			TABLE[value] = crc;
		}
	}

	private Crc16() {
	}

	/** Continues a CRC over the low {@code bytes} bytes of {@code value}, big-endian. */
	static int update(int crc, int value, int bytes) {
		int result = crc;
		for (int shift = 8 * (bytes - 1); shift >= 0; shift -= 8) {
			result = (result >>> 8) ^ TABLE[(result ^ (value >>> shift)) & 0xFF];
		}
		return result;
	}

	/**
	 * The member an action selector over one 32-bit field picks among {@code members}:
	 * BMv2 takes the CRC16 of the field's 4 bytes modulo the group's size.
	 */
	static int selectorIndex(int field, int members) {
		return update(0, field, 4) % members;
	}

	/**
	 * The report's UDP source port: {@code hash(crc16, 0, {ipv4_src, ipv4_dst, ip_proto,
	 * l4_src_port, l4_dst_port}, 65536)} over the 13 bytes of the field list.
	 */
	static int flowHash(int ipv4Src, int ipv4Dst, int ipProto, int l4SrcPort, int l4DstPort) {
		int crc = update(0, ipv4Src, 4);
		crc = update(crc, ipv4Dst, 4);
		crc = update(crc, ipProto, 1);
		crc = update(crc, l4SrcPort, 2);
		return update(crc, l4DstPort, 2);
	}

}
