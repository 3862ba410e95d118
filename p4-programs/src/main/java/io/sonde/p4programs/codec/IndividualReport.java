package io.sonde.p4programs.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * One individual report of a TR-2.0 packet: the 4-byte Individual Report Header, the main
 * contents and the inner contents (WIRE_FACTS B.3-B.6, TR-2.0 §3.3). Report Length and MD
 * Length are not kept: the encoder computes them from the contents.
 *
 * @param repType 0 inner only, 1 INT (2 IOAM and 3-15 reserved are not decoded)
 * @param inType 0 none, 1 TLV, 2 domain-specific extension data, 3 Ethernet, 4 IPv4, 5
 * IPv6
 * @param dropped D: a packet matching a watchlist was dropped
 * @param congestedQueue Q: congested queue association
 * @param trackedFlow F: tracked flow association
 * @param intermediate I: a transit node reported an INT-MD stack
 * @param metadata the INT main contents (RepType 1), null for RepType 0
 * @param tlvs the TLVs (InType 1), empty otherwise
 * @param domainSpecificData the extension data (InType 2), null otherwise
 * @param innerPacket the packet (InType 3, 4, 5), null otherwise
 */
public record IndividualReport(int repType, int inType, boolean dropped, boolean congestedQueue, boolean trackedFlow,
		boolean intermediate, IntReportMetadata metadata, List<ReportTlv> tlvs, ByteRange domainSpecificData,
		InnerPacket innerPacket) {

	/** RepType of an inner-only report. */
	public static final int REP_TYPE_INNER_ONLY = 0;

	/** RepType of an INT report. */
	public static final int REP_TYPE_INT = 1;

	public IndividualReport {
		tlvs = List.copyOf(tlvs);
		if ((metadata != null) != (repType == REP_TYPE_INT)) {
			throw new IllegalArgumentException("INT metadata belongs to RepType 1 and only to it: RepType " + repType);
		}
		if (repType != REP_TYPE_INNER_ONLY && repType != REP_TYPE_INT) {
			throw new IllegalArgumentException("unsupported RepType " + repType);
		}
		if ((innerPacket != null) != (inType >= 3 && inType <= 5) || (domainSpecificData != null) != (inType == 2)
				|| (!tlvs.isEmpty() && inType != 1) || inType < 0 || inType > 5) {
			throw new IllegalArgumentException("inner contents do not match InType " + inType);
		}
	}

	/** The packets this report carries: its inner packet or its packet TLVs. */
	public List<InnerPacket> innerPackets() {
		List<InnerPacket> packets = new ArrayList<>();
		if (this.innerPacket != null) {
			packets.add(this.innerPacket);
		}
		this.tlvs.forEach((tlv) -> tlv.packet().ifPresent(packets::add));
		return packets;
	}

}
