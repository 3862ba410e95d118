package io.sonde.p4programs.decode;

import java.util.Optional;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;

/**
 * INT-MD in a tunnel header (WIRE_FACTS A.8): over GRE (INT-2.1 §5.7.1), over VXLAN-GPE
 * (§5.7.3) and as a Geneve option (§5.7.4). Each announces INT its own way and puts the
 * INT-MD v2.x metadata header and stack behind a shim or option header whose Length
 * counts them; the packet the tunnel carries follows.
 * <ul>
 * <li>GRE (RFC 2784, with RFC 2890's key and sequence number): version 0, no routing or
 * other flags, a Protocol Type that is not IPv4, IPv6 or Transparent Ethernet Bridging
 * (INT-2.1 leaves its value TBD_INT), then the shim Type 4 (1: INT-MD), G 1, Rsvd 3 (0),
 * Length 8, Next Protocol 16 (an EtherType).</li>
 * <li>VXLAN-GPE on UDP port 4790: P flag set, Ver 0, Next Protocol 0x82, then the shim
 * Type 4 (1), Rsvd 4 (0), Length 8, G 1 + Reserved 7, Next Protocol 8 (1 IPv4, 2 IPv6, 3
 * Ethernet).</li>
 * <li>Geneve on UDP port 6081 (RFC 8926): Ver 0; among its options the first of Option
 * Class 0x0103, Type 1 (INT-MD), whose Length is the shim's; the Geneve Protocol Type
 * gives what follows the options.</li>
 * </ul>
 * Recognised when the Length is at least the 3-word metadata header and the header's Ver
 * is 2; then decoded with the TCP/UDP shim's checks. The flow is that of the packet the
 * tunnel carries (the traffic INT monitors), or the tunnel packet's own when the carried
 * one is not an IP packet present in the frame.
 */
final class TunnelInt {

	static final int PROTOCOL_GRE = 47;

	static final int VXLAN_GPE_PORT = 4790;

	static final int GENEVE_PORT = 6081;

	private static final int ETHERTYPE_TEB = 0x6558;

	private static final int GPE_NEXT_INT = 0x82;

	private static final int GENEVE_CLASS_INT = 0x0103;

	private static final int GENEVE_TYPE_INT_MD = 1;

	private static final int METADATA_HEADER_WORDS = 3;

	private TunnelInt() {
	}

	/** The packet's INT-MD in a tunnel header and its flow, or empty when it has none. */
	static Optional<IntPackets.IntReading> read(DissectedFrame packet, byte[] data, DecodeLimits limits)
			throws MalformedTelemetry {
		int start = packet.payloadOffset();
		Bytes bytes = new Bytes(data, start + packet.payloadLength());
		Found found = null;
		if (packet.protocol() == PROTOCOL_GRE && packet.carriesUpperHeader()) {
			found = gre(bytes, start);
		}
		else if (IntPackets.hasPorts(packet) && packet.protocol() == IntPackets.PROTOCOL_UDP) {
			found = switch (packet.dstPort()) {
				case VXLAN_GPE_PORT -> vxlanGpe(bytes, start);
				case GENEVE_PORT -> geneve(bytes, start);
				default -> null;
			};
		}
		if (found == null) {
			return Optional.empty();
		}
		IntMdPacket intPacket = IntMdCodec.decodeV2Metadata(data, found.metadata(), bytes.end() - found.metadata(),
				found.lengthWords(), limits);
		Flow flow = carriedFlow(data, found.carriedAt(), bytes.end(), found.carried())
			.orElseGet(() -> IntPackets.flowOf(packet));
		return Optional.of(new IntPackets.IntReading(flow, IntPackets.stackOf(intPacket)));
	}

	private static Found gre(Bytes bytes, int at) {
		if (!bytes.has(at, 4) || (bytes.u8(at) & 0x4F) != 0 || bytes.u8(at + 1) != 0) {
			return null;
		}
		int protocolType = bytes.u16(at + 2);
		if (protocolType == DissectedFrame.ETHERTYPE_IPV4 || protocolType == DissectedFrame.ETHERTYPE_IPV6
				|| protocolType == ETHERTYPE_TEB) {
			return null;
		}
		int flags = bytes.u8(at);
		int shim = at + 4 + Integer.bitCount(flags & 0xB0) * 4; // C, K, S: 4 bytes each
		if (!bytes.has(shim, 5) || (bytes.u8(shim) >>> 4) != 1 || (bytes.u8(shim) & 0x07) != 0) {
			return null;
		}
		int words = bytes.u8(shim + 1);
		return found(bytes, shim + 4, words, shim + 4 + words * 4, etherTypeKind(bytes.u16(shim + 2)));
	}

	private static Found vxlanGpe(Bytes bytes, int at) {
		int shim = at + 8;
		if (!bytes.has(at, 8 + 5) || (bytes.u8(at) & 0x04) == 0 || (bytes.u8(at) & 0x30) != 0
				|| bytes.u8(at + 3) != GPE_NEXT_INT || (bytes.u8(shim) >>> 4) != 1 || (bytes.u8(shim) & 0x0F) != 0) {
			return null;
		}
		LinkType carried = switch (bytes.u8(shim + 3)) {
			case 1 -> LinkType.IPV4;
			case 2 -> LinkType.IPV6;
			case 3 -> LinkType.ETHERNET;
			default -> null;
		};
		int words = bytes.u8(shim + 1);
		return found(bytes, shim + 4, words, shim + 4 + words * 4, carried);
	}

	private static Found geneve(Bytes bytes, int at) {
		if (!bytes.has(at, 8) || (bytes.u8(at) >>> 6) != 0) {
			return null;
		}
		int optionsEnd = at + 8 + (bytes.u8(at) & 0x3F) * 4;
		LinkType carried = etherTypeKind(bytes.u16(at + 2));
		int option = at + 8;
		while (option + 4 <= optionsEnd && bytes.has(option, 4)) {
			int words = bytes.u8(option + 3) & 0x1F;
			if (bytes.u16(option) == GENEVE_CLASS_INT && bytes.u8(option + 2) == GENEVE_TYPE_INT_MD) {
				// The carried packet follows every option, not just this one.
				return found(bytes, option + 4, words, optionsEnd, carried);
			}
			option += 4 + words * 4;
		}
		return null;
	}

	private static Found found(Bytes bytes, int metadata, int lengthWords, int carriedAt, LinkType carried) {
		boolean recognised = lengthWords >= METADATA_HEADER_WORDS && bytes.has(metadata, 1)
				&& (bytes.u8(metadata) >>> 4) == 2;
		return recognised ? new Found(metadata, lengthWords, carriedAt, carried) : null;
	}

	private static LinkType etherTypeKind(int etherType) {
		return switch (etherType) {
			case DissectedFrame.ETHERTYPE_IPV4 -> LinkType.IPV4;
			case DissectedFrame.ETHERTYPE_IPV6 -> LinkType.IPV6;
			case ETHERTYPE_TEB -> LinkType.ETHERNET;
			default -> null;
		};
	}

	/**
	 * The carried packet's 5-tuple, when it is an IP packet whose headers are present.
	 */
	private static Optional<Flow> carriedFlow(byte[] data, int offset, int end, LinkType kind) {
		if (kind == null || offset > end) {
			return Optional.empty();
		}
		try {
			return Optional.of(IntPackets.flowOf(FrameDissector.dissect(kind, data, offset, end - offset)));
		}
		catch (MalformedFrame ex) {
			return Optional.empty();
		}
	}

	/**
	 * Where a tunnel header put INT.
	 *
	 * @param metadata the metadata header's first byte
	 * @param lengthWords the shim's or option's Length
	 * @param carriedAt where the carried packet starts
	 * @param carried the carried packet's kind, null when not IPv4, IPv6 or Ethernet
	 */
	private record Found(int metadata, int lengthWords, int carriedAt, LinkType carried) {

	}

	/** Bounds-checked reads of the tunnel packet's payload, up to {@code end}. */
	private record Bytes(byte[] data, int end) {

		boolean has(int offset, int count) {
			return offset >= 0 && offset + count <= this.end;
		}

		int u8(int offset) {
			return this.data[offset] & 0xFF;
		}

		int u16(int offset) {
			return (u8(offset) << 8) | u8(offset + 1);
		}

	}

}
