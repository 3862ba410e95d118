package io.sonde.topology;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A network: its switches, hosts and the links between their ports. Built only from a
 * checked document, so names, device ids, P4Runtime addresses and ports are unique and
 * every link end names a node of this topology.
 *
 * @param name the topology's name (e.g. {@code fattree-4})
 * @param switches in document order
 * @param hosts in document order
 * @param links in document order
 */
public record Topology(String name, List<TopologySwitch> switches, List<TopologyHost> hosts, List<TopologyLink> links) {

	public Topology {
		Objects.requireNonNull(name, "name");
		switches = List.copyOf(switches);
		hosts = List.copyOf(hosts);
		links = List.copyOf(links);
	}

	public Optional<TopologySwitch> switchNamed(String switchName) {
		return this.switches.stream().filter((candidate) -> candidate.name().equals(switchName)).findFirst();
	}

	/** Links with an end on {@code node}, in document order. */
	public List<TopologyLink> linksOf(String node) {
		return this.links.stream().filter((link) -> link.touches(node)).toList();
	}

}
