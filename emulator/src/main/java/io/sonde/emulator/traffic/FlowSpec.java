package io.sonde.emulator.traffic;

/**
 * One flow of traffic between two hosts of the network.
 *
 * @param sourceHost name of the sending host
 * @param destinationHost name of the receiving host
 * @param protocol UDP or TCP-shaped
 * @param sourcePort transport source port
 * @param destinationPort transport destination port
 * @param frameBytes length of every frame, without FCS
 * @param dscp IPv4 DSCP the host marks (0..63)
 * @param arrivals how packets are spaced in time
 */
public record FlowSpec(String sourceHost, String destinationHost, TransportProtocol protocol, int sourcePort,
		int destinationPort, int frameBytes, int dscp, ArrivalModel arrivals) {

	public FlowSpec {
		if (sourceHost == null || destinationHost == null) {
			throw new IllegalArgumentException("a flow needs a source and a destination host");
		}
		if (sourceHost.equals(destinationHost)) {
			throw new IllegalArgumentException("a flow cannot go from " + sourceHost + " to itself");
		}
		if (protocol == null || arrivals == null) {
			throw new IllegalArgumentException("a flow needs a protocol and an arrival model");
		}
		if (sourcePort < 0 || sourcePort > 0xffff || destinationPort < 0 || destinationPort > 0xffff) {
			throw new IllegalArgumentException("transport ports are 0..65535: " + sourcePort + ", " + destinationPort);
		}
		if (frameBytes < PacketBuilder.MIN_FRAME_BYTES || frameBytes > PacketBuilder.MAX_FRAME_BYTES) {
			throw new IllegalArgumentException("frame size must be " + PacketBuilder.MIN_FRAME_BYTES + ".."
					+ PacketBuilder.MAX_FRAME_BYTES + " bytes: " + frameBytes);
		}
		if (dscp < 0 || dscp > 63) {
			throw new IllegalArgumentException("DSCP is 6 bits: " + dscp);
		}
	}

	/** A UDP flow with DSCP 0. */
	public static FlowSpec udp(String sourceHost, String destinationHost, int sourcePort, int destinationPort,
			int frameBytes, ArrivalModel arrivals) {
		return new FlowSpec(sourceHost, destinationHost, TransportProtocol.UDP, sourcePort, destinationPort, frameBytes,
				0, arrivals);
	}

	/** A TCP-shaped flow with DSCP 0. */
	public static FlowSpec tcp(String sourceHost, String destinationHost, int sourcePort, int destinationPort,
			int frameBytes, ArrivalModel arrivals) {
		return new FlowSpec(sourceHost, destinationHost, TransportProtocol.TCP, sourcePort, destinationPort, frameBytes,
				0, arrivals);
	}

	@Override
	public String toString() {
		return this.protocol + " " + this.sourceHost + ":" + this.sourcePort + " -> " + this.destinationHost + ":"
				+ this.destinationPort;
	}

}
