package io.sonde.p4programs.codec;

/**
 * The TR-2.0 individual report of CableLabs transparent-security's switches, which breaks
 * TR-2.0 §3.3 in four ways (vectors README, "Third-party captures and their quirks"):
 * RepType 0 (inner only) is followed anyway by the 12-byte block of its
 * {@code telem_rpt_t} (RepMdBits, Domain Specific ID, DSMdBits, DSMdstatus and one word
 * of variable optional metadata); MD Length copies the reported packet's INT shim Length;
 * Report Length (10 or 15) does not cover the packet, which runs to the end of the
 * datagram; and InType names the packet's IP version while the packet starts with its
 * Ethernet header.
 * <p>
 * Its signature, as the first report of a datagram: RepType 0 with a non-zero MD Length
 * (TR-2.0 gives an inner-only report no metadata, so no conforming report is read
 * differently) and InType 3, 4 or 5 (its reports always carry a packet). Such a report is
 * read as the block (its metadata, like RepType 0's, is not kept), then the packet to the
 * end of the datagram: it is the datagram's only report. The packet is an Ethernet frame
 * when InType is 3, or when InType 4 / 5 names an IP version its first nibble does not
 * carry.
 */
final class TransparentSecurityReport {

	/** RepMdBits, DS ID, DSMdBits, DSMdstatus (8 bytes) and one metadata word. */
	static final int BLOCK_SIZE = 12;

	private TransparentSecurityReport() {
	}

	/**
	 * Whether the first individual report header of a datagram carries
	 * transparent-security's signature.
	 */
	static boolean signature(int repType, int inType, int mdLength) {
		return repType == IndividualReport.REP_TYPE_INNER_ONLY && mdLength != 0 && inType >= 3 && inType <= 5;
	}

	/**
	 * The kind of the packet such a report carries.
	 * @param inType the report's InType (3, 4 or 5)
	 * @param firstByte the packet's first byte, or -1 when it is empty
	 */
	static InnerPacketKind innerKind(int inType, int firstByte) {
		int ipVersion = firstByte >>> 4;
		return switch (inType) {
			case 4 -> (firstByte >= 0 && ipVersion == 4) ? InnerPacketKind.IPV4 : InnerPacketKind.ETHERNET;
			case 5 -> (firstByte >= 0 && ipVersion == 6) ? InnerPacketKind.IPV6 : InnerPacketKind.ETHERNET;
			default -> InnerPacketKind.ETHERNET;
		};
	}

}
