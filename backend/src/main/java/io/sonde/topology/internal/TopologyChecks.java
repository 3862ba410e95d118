package io.sonde.topology.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.sonde.topology.LinkEnd;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologyRejected;
import io.sonde.topology.TopologySwitch;

/**
 * The rules that span elements (TOPOLOGY_FORMAT.md and the emulator's Topology): unique
 * node names without ':', unique device ids, P4Runtime ports, MACs and host addresses;
 * link ends on known nodes, ports 0..511 carrying one link each, no link from a node to
 * itself; every host cabled exactly once. The first broken rule is reported at the
 * element that breaks it.
 */
final class TopologyChecks {

	private TopologyChecks() {
	}

	static void check(List<TopologySwitch> switches, List<TopologyHost> hosts, List<TopologyLink> links) {
		Set<String> nodes = new HashSet<>();
		Set<Long> deviceIds = new HashSet<>();
		Set<Integer> ports = new HashSet<>();
		Set<String> macs = new HashSet<>();
		for (int i = 0; i < switches.size(); i++) {
			TopologySwitch candidate = switches.get(i);
			String path = "switches[" + i + "]";
			name(candidate.name(), path, nodes);
			unique(deviceIds.add(candidate.deviceId()), path + ".deviceId", "device id " + candidate.deviceId());
			// Port 0 is "any free port" (TOPOLOGY_FORMAT.md): several switches may leave
			// theirs to chance.
			unique(candidate.p4RuntimePort() == 0 || ports.add(candidate.p4RuntimePort()), path + ".p4RuntimePort",
					"P4Runtime port " + candidate.p4RuntimePort());
			unique(macs.add(candidate.mac()), path + ".mac", "MAC " + candidate.mac());
		}
		Set<String> hostNames = new HashSet<>();
		Set<String> addresses = new HashSet<>();
		for (int i = 0; i < hosts.size(); i++) {
			TopologyHost host = hosts.get(i);
			String path = "hosts[" + i + "]";
			name(host.name(), path, nodes);
			hostNames.add(host.name());
			unique(addresses.add(host.ipv4()), path + ".ipv4", "IPv4 address " + host.ipv4());
			unique(macs.add(host.mac()), path + ".mac", "MAC " + host.mac());
		}
		Map<String, Integer> hostLinks = links(links, nodes, hostNames);
		for (int i = 0; i < hosts.size(); i++) {
			int count = hostLinks.getOrDefault(hosts.get(i).name(), 0);
			if (count != 1) {
				throw new TopologyRejected("hosts[" + i + "]",
						"host " + hosts.get(i).name() + " has " + count + " links; a host has exactly one");
			}
		}
	}

	/**
	 * @return how many links each host has
	 */
	private static Map<String, Integer> links(List<TopologyLink> links, Set<String> nodes, Set<String> hostNames) {
		Set<String> usedPorts = new HashSet<>();
		Map<String, Integer> hostLinks = new HashMap<>();
		for (int i = 0; i < links.size(); i++) {
			TopologyLink link = links.get(i);
			String path = "links[" + i + "]";
			if (link.a().node().equals(link.b().node())) {
				throw new TopologyRejected(path, "link " + link + " joins " + link.a().node() + " to itself");
			}
			end(link.a(), path + ".a", nodes, usedPorts);
			end(link.b(), path + ".b", nodes, usedPorts);
			for (LinkEnd end : List.of(link.a(), link.b())) {
				if (hostNames.contains(end.node())) {
					hostLinks.merge(end.node(), 1, Integer::sum);
				}
			}
		}
		return hostLinks;
	}

	private static void end(LinkEnd end, String path, Set<String> nodes, Set<String> usedPorts) {
		if (!nodes.contains(end.node())) {
			throw new TopologyRejected(path, "names unknown node '" + end.node() + "'");
		}
		if (end.port() > TopologyDocumentReader.MAX_PORT) {
			throw new TopologyRejected(path,
					"port " + end.port() + " is outside 0.." + TopologyDocumentReader.MAX_PORT);
		}
		if (!usedPorts.add(end.toString())) {
			throw new TopologyRejected(path, "port " + end + " already carries a link");
		}
	}

	private static void name(String name, String path, Set<String> nodes) {
		if (name.indexOf(':') >= 0) {
			throw new TopologyRejected(path + ".name", "'" + name + "' contains ':' (link ends are node:port)");
		}
		if (!nodes.add(name)) {
			throw new TopologyRejected(path + ".name", "node name '" + name + "' is used twice");
		}
	}

	private static void unique(boolean added, String path, String what) {
		if (!added) {
			throw new TopologyRejected(path, what + " is used twice");
		}
	}

}
