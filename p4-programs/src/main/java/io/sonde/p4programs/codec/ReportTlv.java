package io.sonde.p4programs.codec;

import java.util.Objects;
import java.util.Optional;

/**
 * One TLV of a TR-2.0 report's inner contents (InType 1; WIRE_FACTS B.6, TR-2.0 §3.3.2).
 *
 * @param type TLVType: 0 domain-specific extension data, 1 Ethernet, 2 IPv4, 3 IPv6, 4-15
 * reserved (kept as found)
 * @param dataTemplate TLV Data Template: format id of domain-specific data, 0 for packets
 * @param data the TLV data (TLVLength words)
 */
public record ReportTlv(int type, int dataTemplate, ByteRange data) {

	public ReportTlv {
		IntShim.checkRange("type", type, 0xF);
		IntShim.checkRange("dataTemplate", dataTemplate, 0xFFFF);
		Objects.requireNonNull(data, "data");
	}

	/** The packet this TLV carries, when its type is Ethernet, IPv4 or IPv6. */
	public Optional<InnerPacket> packet() {
		return switch (this.type) {
			case 1 -> Optional.of(new InnerPacket(InnerPacketKind.ETHERNET, this.data.offset(), this.data.length()));
			case 2 -> Optional.of(new InnerPacket(InnerPacketKind.IPV4, this.data.offset(), this.data.length()));
			case 3 -> Optional.of(new InnerPacket(InnerPacketKind.IPV6, this.data.offset(), this.data.length()));
			default -> Optional.empty();
		};
	}

}
