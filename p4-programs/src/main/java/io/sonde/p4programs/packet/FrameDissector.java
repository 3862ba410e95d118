package io.sonde.p4programs.packet;

import java.util.Objects;
import java.util.Optional;

import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.MalformedFrame.Reason;
import io.sonde.p4programs.packet.TransportLayer.Transport;

/**
 * Finds the IP, TCP and UDP headers of a captured frame: link header (with stacked VLAN
 * tags), IPv4 or IPv6 (with extension headers), then TCP or UDP. Nothing is copied; the
 * result holds offsets into the array passed in. A frame that cannot be dissected gives a
 * {@link MalformedFrame} naming the header and byte, never an unchecked exception.
 */
public final class FrameDissector {

	/** Stacked VLAN tags accepted before a frame counts as malformed. */
	public static final int MAX_VLAN_TAGS = 8;

	private FrameDissector() {
	}

	/** Dissects a frame read from a capture file. */
	public static DissectedFrame dissect(CapturedFrame frame) throws MalformedFrame {
		return dissect(frame.linkTypeCode(), frame.data(), 0, frame.data().length);
	}

	/**
	 * Dissects {@code length} bytes of {@code data} from {@code offset}, captured on a
	 * link of the given LINKTYPE_ code.
	 */
	public static DissectedFrame dissect(int linkTypeCode, byte[] data, int offset, int length) throws MalformedFrame {
		Optional<LinkType> linkType = LinkType.of(linkTypeCode);
		if (linkType.isEmpty()) {
			throw new MalformedFrame(Reason.UNSUPPORTED_LINK_TYPE, offset,
					"link type " + linkTypeCode + " is not one Sonde dissects");
		}
		return dissect(linkType.get(), data, offset, length);
	}

	/**
	 * Dissects {@code length} bytes of {@code data} from {@code offset}, captured on a
	 * link of the given type.
	 * @throws IndexOutOfBoundsException if the range lies outside {@code data}: a
	 * caller's mistake, not a malformed frame
	 */
	public static DissectedFrame dissect(LinkType linkType, byte[] data, int offset, int length) throws MalformedFrame {
		Objects.requireNonNull(linkType, "linkType");
		Objects.checkFromIndexSize(offset, length, data.length);
		FrameBytes bytes = new FrameBytes(data, offset, offset + length);
		LinkHeader link = LinkLayer.parse(linkType, bytes);
		IpHeader ip = switch (link.etherType()) {
			case DissectedFrame.ETHERTYPE_IPV4 -> Ipv4Parser.parse(bytes, link.networkOffset());
			case DissectedFrame.ETHERTYPE_IPV6 -> Ipv6Parser.parse(bytes, link.networkOffset());
			default -> throw new MalformedFrame(Reason.NOT_IP, link.networkOffset(),
					String.format("EtherType 0x%04x is not IPv4 or IPv6", link.etherType()));
		};
		Transport transport = TransportLayer.parse(bytes, ip);
		return new DissectedFrame(link.vlanTags(), link.etherType(), ip.version(), ip.srcIp(), ip.dstIp(), ip.dscp(),
				ip.ecn(), ip.ttl(), ip.protocol(), transport.srcPort(), transport.dstPort(), ip.headerOffset(),
				ip.upperOffset(), transport.payloadOffset(), transport.payloadLength(), ip.carriesUpperHeader());
	}

}
