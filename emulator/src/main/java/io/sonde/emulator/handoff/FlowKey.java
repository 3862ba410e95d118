package io.sonde.emulator.handoff;

/**
 * A packet's IPv4 5-tuple as the host receives it.
 *
 * @param srcIp source address, big endian in an int
 * @param dstIp destination address
 * @param srcPort transport source port
 * @param dstPort transport destination port
 * @param protocol IP protocol (17 UDP, 6 TCP)
 */
public record FlowKey(int srcIp, int dstIp, int srcPort, int dstPort, int protocol) {

	/** Dotted quad of an address held in an int. */
	public static String dotted(int address) {
		return (address >>> 24) + "." + ((address >>> 16) & 0xFF) + "." + ((address >>> 8) & 0xFF) + "."
				+ (address & 0xFF);
	}

}
