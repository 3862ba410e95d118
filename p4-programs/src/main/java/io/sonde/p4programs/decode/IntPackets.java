package io.sonde.p4programs.decode;

import java.util.Optional;

import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntShim;
import io.sonde.p4programs.codec.IntVersion;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.packet.DissectedFrame;

/**
 * Finds and decodes INT-MD in the TCP/UDP payload of a dissected packet, or in its tunnel
 * header ({@link TunnelInt}), and works out the flow the INT source saw.
 */
final class IntPackets {

	static final int PROTOCOL_TCP = DissectedFrame.PROTOCOL_TCP;

	static final int PROTOCOL_UDP = DissectedFrame.PROTOCOL_UDP;

	private static final int TCP_FIXED_HEADER = 20;

	private IntPackets() {
	}

	/**
	 * The packet's INT-MD and flow, or empty when neither its TCP/UDP payload nor (when
	 * the limits ask for it) a tunnel header carries INT-MD.
	 */
	static Optional<IntReading> read(DissectedFrame packet, byte[] data, DecodeLimits limits)
			throws MalformedTelemetry {
		Optional<IntReading> overTransport = overTransport(packet, data, limits);
		if (overTransport.isPresent() || !limits.intInTunnels()) {
			return overTransport;
		}
		return TunnelInt.read(packet, data, limits);
	}

	/** INT-MD at the start of the TCP/UDP payload, or before the TCP options. */
	private static Optional<IntReading> overTransport(DissectedFrame packet, byte[] data, DecodeLimits limits)
			throws MalformedTelemetry {
		if (!hasPorts(packet)) {
			return Optional.empty();
		}
		int offset = packet.payloadOffset();
		int end = offset + packet.payloadLength();
		if (IntMdCodec.recognise(data, offset, end - offset, packet.dscp(), limits).isEmpty()) {
			offset = beforeTcpOptions(packet, data, limits);
			if (offset < 0) {
				return Optional.empty();
			}
		}
		if (IntCollectorStacks.matches(data, offset, end - offset)) {
			// No tail, no NPT: the packet's own 5-tuple is the flow.
			return Optional
				.of(new IntReading(flowOf(packet), IntCollectorStacks.read(data, offset, end - offset, limits)));
		}
		IntMdPacket intPacket = GeantStacks.tolerate(IntMdCodec.decode(data, offset, end - offset, limits), data);
		Flow flow = originalFlow(packet, intPacket, data, end);
		return Optional.of(new IntReading(flow, stackOf(intPacket)));
	}

	/**
	 * Where INT-MD starts when a source put it right after the fixed 20-byte TCP header,
	 * before the options (INT-2.1 §5.7.2 lets a domain choose; sonde.p4, ONOS and
	 * fabric-tna do this, leaving the data offset to count the options that now follow
	 * the stack), or -1 when it is not there either.
	 */
	private static int beforeTcpOptions(DissectedFrame packet, byte[] data, DecodeLimits limits) {
		int offset = packet.l4Offset() + TCP_FIXED_HEADER;
		if (packet.protocol() != PROTOCOL_TCP || offset >= packet.payloadOffset()) {
			return -1;
		}
		int end = packet.payloadOffset() + packet.payloadLength();
		return IntMdCodec.recognise(data, offset, end - offset, packet.dscp(), limits).isPresent() ? offset : -1;
	}

	/** The packet's own 5-tuple; ports are null when it has none. */
	static Flow flowOf(DissectedFrame packet) {
		Integer src = hasPorts(packet) ? packet.srcPort() : null;
		Integer dst = hasPorts(packet) ? packet.dstPort() : null;
		return new Flow(packet.srcIp(), packet.dstIp(), src, dst, packet.protocol());
	}

	static boolean hasPorts(DissectedFrame packet) {
		return packet.hasPorts() && (packet.protocol() == PROTOCOL_TCP || packet.protocol() == PROTOCOL_UDP);
	}

	static IntStack stackOf(IntMdPacket packet) {
		return new IntStack(packet.header().version(), packet.header().instructions(),
				packet.header().hopMetadataLength(), packet.header().remainingHops(), packet.hops());
	}

	/**
	 * Puts back what INT changed in the 5-tuple: with NPT 1 the UDP destination port
	 * saved in the shim, with NPT 2 the IP protocol saved in the shim and the ports of
	 * the original L4 header that follows the stack (INT-2.1 §5.7.2); in v0.5 the
	 * destination port of the tail (INT-0.5 §5.3.1).
	 */
	private static Flow originalFlow(DissectedFrame packet, IntMdPacket intPacket, byte[] data, int payloadEnd) {
		Flow flow = flowOf(packet);
		IntShim shim = intPacket.shim();
		if (intPacket.version() == IntVersion.V0_5 && intPacket.tail() != null) {
			return new Flow(flow.srcIp(), flow.dstIp(), flow.srcPort(), intPacket.tail().destinationPort(),
					flow.protocol());
		}
		if (shim.originalUdpDestinationPort().isPresent()) {
			return new Flow(flow.srcIp(), flow.dstIp(), flow.srcPort(), shim.originalUdpDestinationPort().getAsInt(),
					flow.protocol());
		}
		if (shim.originalIpProtocol().isPresent()) {
			int protocol = shim.originalIpProtocol().getAsInt();
			int start = intPacket.endOffset();
			boolean portsPresent = (protocol == PROTOCOL_TCP || protocol == PROTOCOL_UDP) && start >= 0
					&& start + 4 <= payloadEnd;
			Integer src = portsPresent ? unsigned16(data, start) : null;
			Integer dst = portsPresent ? unsigned16(data, start + 2) : null;
			return new Flow(flow.srcIp(), flow.dstIp(), src, dst, protocol);
		}
		return flow;
	}

	private static int unsigned16(byte[] data, int offset) {
		return ((data[offset] & 0xFF) << 8) | (data[offset + 1] & 0xFF);
	}

	/** INT-MD found in a packet, with the packet's original flow. */
	record IntReading(Flow flow, IntStack stack) {

	}

}
