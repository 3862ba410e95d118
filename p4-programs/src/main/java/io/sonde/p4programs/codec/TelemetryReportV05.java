package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Objects;

/**
 * A Telemetry Report v0.5 packet (WIRE_FACTS C.3, TR-0.5 §3.2): Ver 4, NProto 4, D, Q, F,
 * reserved 15, hw_id 6 | Sequence Number 32 | Ingress Timestamp 32, then a Drop Report
 * header (NProto 1, 12 bytes) or a Switch Local Report header (NProto 2, 16 bytes), then
 * the original packet from its Ethernet header.
 *
 * @param hardwareId hw_id (6 bits)
 * @param sequence Sequence Number (32 bits)
 * @param nextProtocol NProto: 0 Ethernet, 1 Drop Report header, 2 Switch Local Report
 * header
 * @param dropped D
 * @param congestedQueue Q
 * @param trackedFlow F
 * @param ingressTimestamp Ingress Timestamp (32 bits, ns)
 * @param metadata the drop report (switch id, ports, drop queue id, drop reason) or
 * switch local report (switch id, ports, queue id, occupancy, egress timestamp) values;
 * null for NProto 0
 * @param innerPacket the Ethernet packet, to the end of the window
 */
public record TelemetryReportV05(Long hardwareId, Long sequence, int nextProtocol, boolean dropped,
		boolean congestedQueue, boolean trackedFlow, long ingressTimestamp, IntHop metadata,
		InnerPacket innerPacket) implements TelemetryReport {

	/** NProto: Ethernet follows the fixed header. */
	public static final int NPROTO_ETHERNET = 0;

	/** NProto: a Drop Report header, then Ethernet. */
	public static final int NPROTO_DROP_REPORT = 1;

	/** NProto: a Switch Local Report header, then Ethernet. */
	public static final int NPROTO_SWITCH_LOCAL = 2;

	public TelemetryReportV05 {
		IntShim.checkRange("hardwareId", Objects.requireNonNull(hardwareId, "hardwareId"), 0x3F);
		IntShim.checkRange("sequence", Objects.requireNonNull(sequence, "sequence"), 0xFFFF_FFFFL);
		IntShim.checkRange("nextProtocol", nextProtocol, NPROTO_SWITCH_LOCAL);
		IntShim.checkRange("ingressTimestamp", ingressTimestamp, 0xFFFF_FFFFL);
		if ((metadata == null) != (nextProtocol == NPROTO_ETHERNET)) {
			throw new IllegalArgumentException("drop/local report metadata must match NProto " + nextProtocol);
		}
		Objects.requireNonNull(innerPacket, "innerPacket");
		if (innerPacket.kind() != InnerPacketKind.ETHERNET) {
			throw new IllegalArgumentException("a TR-0.5 report carries an Ethernet packet");
		}
	}

	@Override
	public ReportFormat format() {
		return ReportFormat.TR0_5;
	}

	/** The switch id of the drop or local report header; null for NProto 0. */
	@Override
	public Long nodeId() {
		return (this.metadata != null) ? this.metadata.value(HopValue.SWITCH_ID) : null;
	}

	@Override
	public List<InnerPacket> innerPackets() {
		return List.of(this.innerPacket);
	}

}
