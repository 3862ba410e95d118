package io.sonde.p4programs.codec;

import java.util.Objects;

/**
 * The main contents of a TR-2.0 INT report (RepType 1): 8 fixed bytes and MD Length words
 * of metadata (WIRE_FACTS B.4, TR-2.0 §3.3.1).
 *
 * @param repMdBits which baseline metadata the report carries (B.5; bit 0 reserved, bits
 * 1-8 as the INT instruction bitmap, bit 15 queue id + drop reason)
 * @param domainSpecificId Domain Specific ID; 0 = default
 * @param dsMdBits which domain-specific metadata follows the baseline values
 * @param dsMdStatus domain-specific metadata status
 * @param values the baseline values of the reporting node; its extra words are the
 * domain-specific metadata
 */
public record IntReportMetadata(int repMdBits, int domainSpecificId, int dsMdBits, int dsMdStatus, IntHop values) {

	public IntReportMetadata {
		IntShim.checkRange("repMdBits", repMdBits, 0xFFFF);
		IntShim.checkRange("domainSpecificId", domainSpecificId, 0xFFFF);
		IntShim.checkRange("dsMdBits", dsMdBits, 0xFFFF);
		IntShim.checkRange("dsMdStatus", dsMdStatus, 0xFFFF);
		Objects.requireNonNull(values, "values");
	}

}
