package io.sonde.emulator.pipeline;

/**
 * {@code update_checksum(..., HashAlgorithm.csum16)} of SondeComputeChecksum: the IPv4
 * header checksum (RFC 791) over the 20-byte header sonde.p4 knows; options, which the
 * parser does not extract, are not covered, as in the P4.
 */
final class Ipv4Checksum {

	private Ipv4Checksum() {
	}

	static void update(byte[] frame, int ipOffset) {
		WireBytes.put16(frame, ipOffset + 10, 0);
		WireBytes.put16(frame, ipOffset + 10, compute(frame, ipOffset));
	}

	static int compute(byte[] frame, int ipOffset) {
		int sum = 0;
		for (int i = 0; i < IntWire.IPV4_HEADER_BYTES; i += 2) {
			sum += WireBytes.u16(frame, ipOffset + i);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return ~sum & 0xFFFF;
	}

}
