package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.topology.LinkEnd;
import io.sonde.topology.LinkProperties;
import io.sonde.topology.Topology;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologyHost;
import io.sonde.topology.TopologyLink;
import io.sonde.topology.TopologySwitch;

/**
 * Small topologies whose best plans can be worked out by hand: switches {@code s0} to
 * {@code s<n-1>} in document order, each link a pair of switch numbers.
 */
final class SmallNetworks {

	private SmallNetworks() {
	}

	/** s0 - s1 - ... - s(n-1). */
	static TopologyGraph line(int switches) {
		int[][] links = new int[switches - 1][];
		for (int i = 1; i < switches; i++) {
			links[i - 1] = new int[] { i - 1, i };
		}
		return of("line-" + switches, switches, links);
	}

	/** s0 - s1 - ... - s(n-1) - s0. */
	static TopologyGraph ring(int switches) {
		int[][] links = new int[switches][];
		for (int i = 0; i < switches; i++) {
			links[i] = new int[] { i, (i + 1) % switches };
		}
		return of("ring-" + switches, switches, links);
	}

	/** The hub s0 cabled to each of s1 to s{leaves}. */
	static TopologyGraph star(int leaves) {
		int[][] links = new int[leaves][];
		for (int i = 1; i <= leaves; i++) {
			links[i - 1] = new int[] { 0, i };
		}
		return of("star-" + leaves, leaves + 1, links);
	}

	static TopologyGraph of(String name, int switches, int[]... links) {
		return build(name, switches, 0, links);
	}

	/**
	 * As {@link #of}, with host h{i} cabled to switch s{i} for each of the first hosts.
	 */
	static TopologyGraph withHosts(String name, int switches, int hosts, int[]... links) {
		return build(name, switches, hosts, links);
	}

	private static TopologyGraph build(String name, int switches, int hosts, int[][] links) {
		List<TopologySwitch> nodes = new ArrayList<>();
		for (int i = 0; i < switches; i++) {
			nodes.add(new TopologySwitch("s" + i, i + 1, "127.0.0.1", 0, "switch",
					String.format("02:53:00:00:00:%02x", i + 1)));
		}
		Map<String, Integer> ports = new HashMap<>();
		List<TopologyHost> hostList = new ArrayList<>();
		List<TopologyLink> cables = new ArrayList<>();
		for (int h = 0; h < hosts; h++) {
			hostList.add(new TopologyHost("h" + h, "10.0." + h + ".2", String.format("02:48:0a:00:%02x:02", h)));
			cables.add(cable(ports, "h" + h, "s" + h));
		}
		for (int[] link : links) {
			cables.add(cable(ports, "s" + link[0], "s" + link[1]));
		}
		return TopologyGraph.of(new Topology(name, nodes, hostList, cables));
	}

	private static TopologyLink cable(Map<String, Integer> ports, String a, String b) {
		return new TopologyLink(new LinkEnd(a, ports.merge(a, 1, Integer::sum)),
				new LinkEnd(b, ports.merge(b, 1, Integer::sum)), LinkProperties.FORMAT_DEFAULTS);
	}

}
