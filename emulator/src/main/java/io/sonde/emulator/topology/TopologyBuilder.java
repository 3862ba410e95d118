package io.sonde.emulator.topology;

import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;

/**
 * Accumulates the parts of a generated topology: device ids are handed out in the order
 * switches are added, starting at 1, and MACs follow the generators' defaults.
 */
final class TopologyBuilder {

	private final String name;

	private final List<SwitchSpec> switches = new ArrayList<>();

	private final List<HostSpec> hosts = new ArrayList<>();

	private final List<LinkSpec> links = new ArrayList<>();

	TopologyBuilder(String name) {
		this.name = name;
	}

	String addSwitch(String switchName, String role) {
		long deviceId = this.switches.size() + 1;
		this.switches.add(new SwitchSpec(switchName, deviceId, 0, SwitchSpec.defaultMac(deviceId), role));
		return switchName;
	}

	String addHost(String hostName, Ipv4Address ipv4) {
		this.hosts.add(HostSpec.of(hostName, ipv4));
		return hostName;
	}

	void link(String nodeA, int portA, String nodeB, int portB, LinkParameters parameters) {
		this.links.add(new LinkSpec(new Endpoint(nodeA, portA), new Endpoint(nodeB, portB), parameters));
	}

	Topology build() {
		return new Topology(this.name, this.switches, this.hosts, this.links);
	}

}
