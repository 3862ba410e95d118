package io.sonde.emulator.traffic;

/**
 * An independent reading of Ethernet/IPv4/UDP/TCP frames for the tests, written from the
 * RFCs (791, 768, 9293, 1071) rather than from {@link PacketBuilder}.
 */
final class FrameChecks {

	private FrameChecks() {
	}

	static int u8(byte[] b, int offset) {
		return b[offset] & 0xff;
	}

	static int u16(byte[] b, int offset) {
		return (u8(b, offset) << 8) | u8(b, offset + 1);
	}

	static long u32(byte[] b, int offset) {
		return ((long) u16(b, offset) << 16) | u16(b, offset + 2);
	}

	/** Ones' complement sum of 16-bit words, folded; an odd last byte is padded. */
	static int onesComplementSum(byte[] b, int offset, int length) {
		long sum = 0;
		for (int i = 0; i < length; i += 2) {
			int high = u8(b, offset + i);
			int low = (i + 1 < length) ? u8(b, offset + i + 1) : 0;
			sum += (high << 8) | low;
		}
		while (sum > 0xffff) {
			sum = (sum & 0xffff) + (sum >> 16);
		}
		return (int) sum;
	}

	/** A header whose checksum field is right sums to all ones. */
	static boolean ipv4HeaderChecksumHolds(byte[] frame) {
		int ihl = (u8(frame, 14) & 0x0f) * 4;
		return onesComplementSum(frame, 14, ihl) == 0xffff;
	}

	/** UDP or TCP checksum over the pseudo-header and the whole segment. */
	static boolean transportChecksumHolds(byte[] frame, int frameLength) {
		int ihl = (u8(frame, 14) & 0x0f) * 4;
		int segmentOffset = 14 + ihl;
		int segmentLength = u16(frame, 16) - ihl;
		byte[] pseudo = new byte[12 + segmentLength];
		System.arraycopy(frame, 26, pseudo, 0, 8);
		pseudo[9] = frame[23];
		pseudo[10] = (byte) (segmentLength >>> 8);
		pseudo[11] = (byte) segmentLength;
		System.arraycopy(frame, segmentOffset, pseudo, 12, segmentLength);
		return segmentOffset + segmentLength == frameLength && onesComplementSum(pseudo, 0, pseudo.length) == 0xffff;
	}

}
