package io.sonde.emulator.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.sonde.emulator.net.Node;

/**
 * A network to emulate: switches, hosts and the links between their ports. Immutable and
 * checked on construction ({@link TopologyInvalid} lists every problem).
 * <p>
 * Rules: node names are unique across switches and hosts and contain no {@code :} (links
 * write ends as {@code node:port}); device ids, non-zero P4Runtime ports, host addresses
 * and MACs are unique; ports are 0..{@value Node#MAX_PORT_NUMBER} and carry at most one
 * link; a link joins two different nodes; every host has exactly one link.
 */
public record Topology(String name, List<SwitchSpec> switches, List<HostSpec> hosts, List<LinkSpec> links) {

	public Topology {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a topology needs a name");
		}
		switches = List.copyOf(switches);
		hosts = List.copyOf(hosts);
		links = List.copyOf(links);
		List<String> problems = TopologyChecks.problems(switches, hosts, links);
		if (!problems.isEmpty()) {
			throw new TopologyInvalid(name, problems);
		}
	}

	public Optional<SwitchSpec> switchNamed(String switchName) {
		return this.switches.stream().filter(s -> s.name().equals(switchName)).findFirst();
	}

	public Optional<HostSpec> hostNamed(String hostName) {
		return this.hosts.stream().filter(h -> h.name().equals(hostName)).findFirst();
	}

	/** Links with an end on {@code node}, in topology order. */
	public List<LinkSpec> linksOf(String node) {
		return this.links.stream().filter(link -> link.touches(node)).toList();
	}

	/** Where {@code host}'s only link leads (its first-hop switch and port). */
	public Endpoint attachmentOf(String host) {
		return linksOf(host).get(0).otherEnd(host);
	}

	/**
	 * A copy whose switches get consecutive P4Runtime ports from {@code firstPort} (in
	 * switch order), for a demo whose endpoints must be known in advance.
	 */
	public Topology withP4RuntimePorts(int firstPort) {
		if (firstPort < 1 || firstPort + this.switches.size() - 1 > 0xffff) {
			throw new IllegalArgumentException("P4Runtime ports from " + firstPort + " do not fit "
					+ this.switches.size() + " switches below 65536");
		}
		List<SwitchSpec> renumbered = new ArrayList<>();
		for (int i = 0; i < this.switches.size(); i++) {
			renumbered.add(this.switches.get(i).withP4RuntimePort(firstPort + i));
		}
		return new Topology(this.name, renumbered, this.hosts, this.links);
	}

	/** The checks of the compact constructor, kept apart so it stays readable. */
	private static final class TopologyChecks {

		private TopologyChecks() {
		}

		static List<String> problems(List<SwitchSpec> switches, List<HostSpec> hosts, List<LinkSpec> links) {
			List<String> problems = new ArrayList<>();
			Set<String> switchNames = new HashSet<>();
			Set<String> hostNames = new LinkedHashSet<>();
			Set<Long> deviceIds = new HashSet<>();
			Set<Integer> grpcPorts = new HashSet<>();
			Set<Long> macs = new HashSet<>();
			Set<Integer> addresses = new HashSet<>();
			for (SwitchSpec s : switches) {
				checkName(s.name(), switchNames, hostNames, problems);
				switchNames.add(s.name());
				unique(deviceIds, s.deviceId(), "device id " + s.deviceId(), problems);
				if (s.p4RuntimePort() != 0) {
					unique(grpcPorts, s.p4RuntimePort(), "P4Runtime port " + s.p4RuntimePort(), problems);
				}
				unique(macs, s.mac().value(), "MAC " + s.mac(), problems);
			}
			for (HostSpec h : hosts) {
				checkName(h.name(), switchNames, hostNames, problems);
				hostNames.add(h.name());
				unique(addresses, h.ipv4().value(), "IPv4 address " + h.ipv4(), problems);
				unique(macs, h.mac().value(), "MAC " + h.mac(), problems);
			}
			checkLinks(links, switchNames, hostNames, problems);
			return problems;
		}

		private static void checkName(String name, Set<String> switchNames, Set<String> hostNames,
				List<String> problems) {
			if (name.indexOf(':') >= 0) {
				problems.add("node name '" + name + "' contains ':'");
			}
			if (switchNames.contains(name) || hostNames.contains(name)) {
				problems.add("node name '" + name + "' is used twice");
			}
		}

		private static <T> void unique(Set<T> seen, T value, String what, List<String> problems) {
			if (!seen.add(value)) {
				problems.add(what + " is used twice");
			}
		}

		private static void checkLinks(List<LinkSpec> links, Set<String> switchNames, Set<String> hostNames,
				List<String> problems) {
			Set<String> usedPorts = new HashSet<>();
			Map<String, Integer> hostLinks = new HashMap<>();
			for (LinkSpec link : links) {
				if (link.a().node().equals(link.b().node())) {
					problems.add("link " + link + " joins " + link.a().node() + " to itself");
				}
				for (Endpoint end : new Endpoint[] { link.a(), link.b() }) {
					if (!switchNames.contains(end.node()) && !hostNames.contains(end.node())) {
						problems.add("link " + link + " names unknown node '" + end.node() + "'");
					}
					if (end.port() < 0 || end.port() > Node.MAX_PORT_NUMBER) {
						problems
							.add("link " + link + ": port " + end.port() + " is outside 0.." + Node.MAX_PORT_NUMBER);
					}
					if (!usedPorts.add(end.toString())) {
						problems.add("port " + end + " carries more than one link");
					}
					if (hostNames.contains(end.node())) {
						hostLinks.merge(end.node(), 1, Integer::sum);
					}
				}
			}
			for (String host : hostNames) {
				int count = hostLinks.getOrDefault(host, 0);
				if (count != 1) {
					problems.add("host " + host + " has " + count + " links; a host has exactly one");
				}
			}
		}

	}

}
