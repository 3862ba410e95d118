package io.sonde.emulator.topology;

import io.sonde.emulator.net.MacAddress;

/**
 * A switch of a topology.
 *
 * @param name unique node name
 * @param deviceId the P4Runtime device id
 * @param p4RuntimePort TCP port of its P4Runtime server on 127.0.0.1, or 0 to take a free
 * port when the emulator starts
 * @param mac its router MAC: the next-hop MAC of routes toward it
 * @param role where it sits, for people and dashboards: {@code core},
 * {@code aggregation}, {@code edge}, {@code spine}, {@code leaf}, {@code tor} or
 * {@code switch}
 */
public record SwitchSpec(String name, long deviceId, int p4RuntimePort, MacAddress mac, String role) {

	public SwitchSpec {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a switch needs a name");
		}
		if (deviceId < 0) {
			throw new IllegalArgumentException("switch " + name + ": device id cannot be negative: " + deviceId);
		}
		if (p4RuntimePort < 0 || p4RuntimePort > 0xffff) {
			throw new IllegalArgumentException(
					"switch " + name + ": P4Runtime port must be 0..65535: " + p4RuntimePort);
		}
		if (mac == null) {
			throw new IllegalArgumentException("switch " + name + " needs a MAC address");
		}
		if (role == null || role.isBlank()) {
			role = "switch";
		}
	}

	/**
	 * The MAC the generators give a switch: locally administered, {@code 02:53} ('S')
	 * then the device id.
	 */
	public static MacAddress defaultMac(long deviceId) {
		return MacAddress.local(0x53_0000_0000L | (deviceId & 0xFFFF_FFFFL));
	}

	public SwitchSpec withP4RuntimePort(int port) {
		return new SwitchSpec(this.name, this.deviceId, port, this.mac, this.role);
	}

}
