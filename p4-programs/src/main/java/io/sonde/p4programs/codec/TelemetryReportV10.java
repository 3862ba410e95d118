package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Objects;

/**
 * A Telemetry Report v1.0 packet (WIRE_FACTS C.4, TR-1.0 §3.2): Ver 4, Length 4, NProt 3,
 * RepMdBits 6, reserved 6, D, Q, F, hw_id 6 | Switch id 32 | Sequence Number 32 | Ingress
 * Timestamp 32 | optional metadata (Length − 4 words), then the inner packet.
 *
 * @param hardwareId hw_id (6 bits)
 * @param sequence Sequence Number (32 bits)
 * @param nodeId Switch id (32 bits)
 * @param repMdBits the 6-bit RepMdBits (bit 0 = 0x20)
 * @param dropped D
 * @param congestedQueue Q
 * @param trackedFlow F
 * @param ingressTimestamp Ingress Timestamp (32 bits, ns)
 * @param metadata the optional metadata in RepMdBits order; its extra words are words
 * beyond them
 * @param innerPacket the packet after the header (NProt gives its kind), to the end of
 * the window
 * @param lengthBelowHeader whether the Length field said fewer words than the 4 of the
 * fixed header (INTCollector's test generator writes 1, docs/SONDE_DECODE.md); the
 * encoder always writes the true Length
 */
public record TelemetryReportV10(Long hardwareId, Long sequence, Long nodeId, int repMdBits, boolean dropped,
		boolean congestedQueue, boolean trackedFlow, long ingressTimestamp, IntHop metadata, InnerPacket innerPacket,
		boolean lengthBelowHeader) implements TelemetryReport {

	public TelemetryReportV10 {
		IntShim.checkRange("hardwareId", Objects.requireNonNull(hardwareId, "hardwareId"), 0x3F);
		IntShim.checkRange("sequence", Objects.requireNonNull(sequence, "sequence"), 0xFFFF_FFFFL);
		IntShim.checkRange("nodeId", Objects.requireNonNull(nodeId, "nodeId"), 0xFFFF_FFFFL);
		IntShim.checkRange("repMdBits", repMdBits, 0x3F);
		IntShim.checkRange("ingressTimestamp", ingressTimestamp, 0xFFFF_FFFFL);
		Objects.requireNonNull(metadata, "metadata");
		Objects.requireNonNull(innerPacket, "innerPacket");
	}

	/** A report whose Length field is the true one, as an encoder writes it. */
	public TelemetryReportV10(Long hardwareId, Long sequence, Long nodeId, int repMdBits, boolean dropped,
			boolean congestedQueue, boolean trackedFlow, long ingressTimestamp, IntHop metadata,
			InnerPacket innerPacket) {
		this(hardwareId, sequence, nodeId, repMdBits, dropped, congestedQueue, trackedFlow, ingressTimestamp, metadata,
				innerPacket, false);
	}

	@Override
	public ReportFormat format() {
		return ReportFormat.TR1_0;
	}

	@Override
	public List<InnerPacket> innerPackets() {
		return List.of(this.innerPacket);
	}

}
