package io.sonde.emulator.topology;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;

/**
 * A host of a topology: one NIC with an IPv4 and a MAC address. Routes to it are per-host
 * /32 prefixes.
 */
public record HostSpec(String name, Ipv4Address ipv4, MacAddress mac) {

	public HostSpec {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a host needs a name");
		}
		if (ipv4 == null || mac == null) {
			throw new IllegalArgumentException("host " + name + " needs an IPv4 and a MAC address");
		}
	}

	/**
	 * The MAC the generators give a host: locally administered, {@code 02:48} ('H') then
	 * its IPv4 address, so a capture shows which host a MAC is.
	 */
	public static MacAddress defaultMac(Ipv4Address ipv4) {
		return MacAddress.local(0x48_0000_0000L | (ipv4.value() & 0xFFFF_FFFFL));
	}

	/** A host with the default MAC for its address. */
	public static HostSpec of(String name, Ipv4Address ipv4) {
		return new HostSpec(name, ipv4, defaultMac(ipv4));
	}

}
