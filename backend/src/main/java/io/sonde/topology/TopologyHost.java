package io.sonde.topology;

import java.util.Objects;

/**
 * A host of the topology: one NIC, cabled to one switch port.
 *
 * @param name unique among all nodes
 * @param ipv4 dotted quad
 * @param mac lower-case {@code aa:bb:cc:dd:ee:ff}
 */
public record TopologyHost(String name, String ipv4, String mac) {

	public TopologyHost {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(ipv4, "ipv4");
		Objects.requireNonNull(mac, "mac");
	}

}
