package io.sonde.topology;

import java.util.Objects;

/**
 * A switch of the topology and how to reach its P4Runtime server.
 *
 * @param name unique among all nodes
 * @param deviceId the P4Runtime device id (non-zero: P4Runtime reserves 0)
 * @param p4RuntimeHost where its P4Runtime server listens ({@code 127.0.0.1} for emulated
 * switches: format v1 has no other)
 * @param p4RuntimePort the TCP port of its P4Runtime server
 * @param role where it sits, for people and dashboards ({@code core},
 * {@code aggregation}, {@code edge}, {@code spine}, {@code leaf}, {@code tor} or
 * {@code switch})
 * @param mac its router MAC, lower-case {@code aa:bb:cc:dd:ee:ff}
 */
public record TopologySwitch(String name, long deviceId, String p4RuntimeHost, int p4RuntimePort, String role,
		String mac) {

	public TopologySwitch {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(p4RuntimeHost, "p4RuntimeHost");
		Objects.requireNonNull(role, "role");
		Objects.requireNonNull(mac, "mac");
	}

	/** {@code host:port}, as a P4Runtime client dials it. */
	public String p4RuntimeAddress() {
		return this.p4RuntimeHost + ":" + this.p4RuntimePort;
	}

}
