package io.sonde.p4programs.decode;

import io.sonde.p4programs.codec.IntReportMetadata;

/**
 * MD Length of a TR2.0 INT report, which the decoded record does not keep: the words of
 * the baseline values RepMdBits selects plus the words the bitmap does not name
 * (reserved-bit fillers and domain-specific metadata).
 */
final class ReportMetadataLength {

	/**
	 * Bytes per RepMdBits bit, bit 0 first (TR-2.0 §3.3.1, WIRE_FACTS B.5); 0 = not a
	 * value.
	 */
	private static final int[] BYTES_PER_BIT = { 0, 4, 4, 4, 8, 8, 8, 4, 4, 0, 0, 0, 0, 0, 0, 4 };

	private ReportMetadataLength() {
	}

	static int words(IntReportMetadata metadata) {
		int bytes = 0;
		for (int bit = 0; bit < BYTES_PER_BIT.length; bit++) {
			if ((metadata.repMdBits() & (0x8000 >>> bit)) != 0) {
				bytes += BYTES_PER_BIT[bit];
			}
		}
		return bytes / 4 + metadata.values().extraWords().size();
	}

}
