package io.sonde.emulator.traffic;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;

/**
 * The header fields that identify a flow's frames: Ethernet addresses of the first hop
 * and the IPv4 5-tuple.
 */
public record FlowAddresses(MacAddress sourceMac, MacAddress destinationMac, Ipv4Address sourceIp,
		Ipv4Address destinationIp, TransportProtocol protocol, int sourcePort, int destinationPort) {

	public FlowAddresses {
		if (sourceMac == null || destinationMac == null || sourceIp == null || destinationIp == null
				|| protocol == null) {
			throw new IllegalArgumentException("a flow needs MAC and IPv4 addresses and a protocol");
		}
		checkPort(sourcePort);
		checkPort(destinationPort);
	}

	private static void checkPort(int port) {
		if (port < 0 || port > 0xffff) {
			throw new IllegalArgumentException("a transport port is 0..65535: " + port);
		}
	}

}
