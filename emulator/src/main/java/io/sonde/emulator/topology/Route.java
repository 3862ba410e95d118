package io.sonde.emulator.topology;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;

/**
 * One forwarding entry: at {@code switchName}, packets to
 * {@code destination/prefixLength} leave by {@code egressPort} with destination MAC
 * {@code nextHopMac}. It is what an {@code ipv4_lpm} entry's {@code set_next_hop(port,
 * dmac)} needs.
 *
 * @param switchName the switch holding the entry
 * @param destination the prefix address (a host's address for /32 routes)
 * @param prefixLength the prefix length
 * @param egressPort the port toward the next hop
 * @param nextHop the next node's name (a switch or the destination host)
 * @param nextHopMac the next node's MAC: a switch's router MAC, or the host's MAC on the
 * last hop
 * @param destinationHost the host the route leads to
 */
public record Route(String switchName, Ipv4Address destination, int prefixLength, int egressPort, String nextHop,
		MacAddress nextHopMac, String destinationHost) {

	@Override
	public String toString() {
		return this.switchName + ": " + this.destination + "/" + this.prefixLength + " -> port " + this.egressPort
				+ " (" + this.nextHop + ", " + this.nextHopMac + ")";
	}

}
