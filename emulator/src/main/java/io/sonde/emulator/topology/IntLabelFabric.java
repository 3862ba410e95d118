package io.sonde.emulator.topology;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;

/**
 * The evaluation fabric of the INT-label paper (004, §6.1): 4 spine, 4 leaf and 4 ToR
 * switches and 8 servers, "the same FatTree topology as HULA": two pods, each with two
 * leaves and two ToRs; every ToR connects to both leaves of its pod and to two servers;
 * leaf {@code l} of every pod connects to spine set {@code l} (two spines). That is 8
 * spine–leaf, 8 leaf–ToR and 8 ToR–server links. The paper's servers 1 and 8 (the
 * senders) are {@code server-1} and {@code server-8}.
 * <p>
 * Addresses follow the paper's prototype: server {@code h} of ToR {@code t} in pod
 * {@code p} is {@code 10.p.t.h} (1-based). Ports, down-links first: a ToR's ports 1–2
 * lead to its servers, 3–4 to leaves 1–2 of its pod; a leaf's ports 1–2 to the pod's
 * ToRs, 3–4 to its two spines; a spine's port p leads to pod p.
 */
public final class IntLabelFabric {

	/**
	 * Links when none are given: 1 Gbit/s and 100-packet queues as the paper's prototype
	 * configures its links, no loss; 1 µs propagation.
	 */
	public static final LinkParameters DEFAULT_LINK = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 100);

	private static final int PODS = 2;

	private static final int PER_POD = 2;

	private IntLabelFabric() {
	}

	public static Topology build() {
		return build(DEFAULT_LINK);
	}

	public static Topology build(LinkParameters link) {
		TopologyBuilder topology = new TopologyBuilder("int-label");
		for (int set = 0; set < PER_POD; set++) {
			for (int j = 0; j < PER_POD; j++) {
				topology.addSwitch(spine(set, j), "spine");
			}
		}
		for (int pod = 0; pod < PODS; pod++) {
			for (int l = 0; l < PER_POD; l++) {
				topology.addSwitch(leaf(pod, l), "leaf");
			}
		}
		for (int pod = 0; pod < PODS; pod++) {
			for (int t = 0; t < PER_POD; t++) {
				topology.addSwitch(tor(pod, t), "tor");
			}
		}
		for (int pod = 0; pod < PODS; pod++) {
			for (int t = 0; t < PER_POD; t++) {
				for (int h = 0; h < PER_POD; h++) {
					int number = pod * PER_POD * PER_POD + t * PER_POD + h + 1;
					String server = topology.addHost("server-" + number, Ipv4Address.of(10, pod + 1, t + 1, h + 1));
					topology.link(server, 1, tor(pod, t), h + 1, link);
				}
			}
		}
		for (int pod = 0; pod < PODS; pod++) {
			for (int t = 0; t < PER_POD; t++) {
				for (int l = 0; l < PER_POD; l++) {
					topology.link(tor(pod, t), PER_POD + l + 1, leaf(pod, l), t + 1, link);
				}
			}
		}
		for (int pod = 0; pod < PODS; pod++) {
			for (int l = 0; l < PER_POD; l++) {
				for (int j = 0; j < PER_POD; j++) {
					topology.link(leaf(pod, l), PER_POD + j + 1, spine(l, j), pod + 1, link);
				}
			}
		}
		return topology.build();
	}

	private static String spine(int set, int j) {
		return "spine-" + (set * PER_POD + j + 1);
	}

	private static String leaf(int pod, int l) {
		return "leaf-" + (pod * PER_POD + l + 1);
	}

	private static String tor(int pod, int t) {
		return "tor-" + (pod * PER_POD + t + 1);
	}

}
