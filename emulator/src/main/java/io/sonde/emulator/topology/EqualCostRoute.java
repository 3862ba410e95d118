package io.sonde.emulator.topology;

import java.util.List;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;

/**
 * Every shortest way out of one switch toward one host: the neighbours one hop closer, in
 * port order. One of them for the host's own switch and on single paths; several where
 * the topology offers equal-cost paths (a FatTree's uplinks), which ECMP spreads flows
 * over.
 *
 * @param switchName the switch
 * @param destination the host's address, routed as a /32
 * @param destinationHost the host
 * @param nextHops the neighbours one hop closer, in port order (never empty)
 */
public record EqualCostRoute(String switchName, Ipv4Address destination, String destinationHost,
		List<NextHop> nextHops) {

	public EqualCostRoute {
		nextHops = List.copyOf(nextHops);
		if (nextHops.isEmpty()) {
			throw new IllegalArgumentException(switchName + " has no next hop toward " + destinationHost);
		}
	}

	/** Whether flows to the destination have a choice here. */
	public boolean isMultipath() {
		return this.nextHops.size() > 1;
	}

	/**
	 * One neighbour on a shortest path.
	 *
	 * @param port the switch's port toward it
	 * @param node its name
	 * @param mac its MAC, the frame's new destination
	 */
	public record NextHop(int port, String node, MacAddress mac) {
	}

}
