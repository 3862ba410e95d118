package io.sonde.emulator.topology;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;

/**
 * The k-ary fat tree of Al-Fares, Loukissas and Vahdat (SIGCOMM 2008), the topology the
 * INT-label paper (004, §4.3) analyses: k pods, each with k/2 edge and k/2 aggregation
 * switches; (k/2)² core switches; k/2 hosts per edge switch. So k³/4 hosts, 5k²/4
 * switches and 3k³/4 links (k³/4 of them to hosts).
 * <p>
 * Names and addresses: {@code core-j}, {@code agg-p-a}, {@code edge-p-e}, host
 * {@code h-p-e-i} with address {@code 10.p.e.(i+2)} (the paper's addressing). Ports
 * (1-based, down-links first): an edge switch's ports 1..k/2 lead to its hosts and
 * k/2+1..k to the pod's aggregation switches; an aggregation switch's ports 1..k/2 lead
 * to the pod's edge switches and k/2+1..k to cores {@code a·k/2 .. a·k/2+k/2−1}; core
 * {@code j}'s port p+1 leads to pod p. Hosts use port 1. Device ids: cores, then pod by
 * pod aggregation then edge switches.
 */
public final class FatTree {

	/**
	 * Largest k: 5k²/4 switches and k³/4 hosts stay practical (k = 64: 5,120 / 65,536).
	 */
	public static final int MAX_K = 64;

	/**
	 * Links when none are given: 1 Gbit/s Ethernet, 1 µs propagation (about 200 m of
	 * fibre), 1000-packet queues (the queue bound GPINT's evaluation uses, paper 001
	 * §V-A), no loss or jitter.
	 */
	public static final LinkParameters DEFAULT_LINK = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 1000);

	private FatTree() {
	}

	public static Topology build(int k) {
		return build(k, DEFAULT_LINK);
	}

	/**
	 * @param k switch radix: even, 2..{@value #MAX_K}
	 * @param link parameters of every link
	 */
	public static Topology build(int k, LinkParameters link) {
		if (k < 2 || k % 2 != 0 || k > MAX_K) {
			throw new IllegalArgumentException("a fat tree needs an even k in 2.." + MAX_K + ", got " + k);
		}
		int half = k / 2;
		TopologyBuilder topology = new TopologyBuilder("fattree-" + k);
		for (int j = 0; j < half * half; j++) {
			topology.addSwitch(core(j), "core");
		}
		for (int pod = 0; pod < k; pod++) {
			for (int a = 0; a < half; a++) {
				topology.addSwitch(aggregation(pod, a), "aggregation");
			}
			for (int e = 0; e < half; e++) {
				topology.addSwitch(edge(pod, e), "edge");
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int e = 0; e < half; e++) {
				for (int i = 0; i < half; i++) {
					String host = topology.addHost("h-" + pod + "-" + e + "-" + i, Ipv4Address.of(10, pod, e, i + 2));
					topology.link(host, 1, edge(pod, e), i + 1, link);
				}
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int e = 0; e < half; e++) {
				for (int a = 0; a < half; a++) {
					topology.link(edge(pod, e), half + a + 1, aggregation(pod, a), e + 1, link);
				}
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int a = 0; a < half; a++) {
				for (int c = 0; c < half; c++) {
					topology.link(aggregation(pod, a), half + c + 1, core(a * half + c), pod + 1, link);
				}
			}
		}
		return topology.build();
	}

	static String core(int j) {
		return "core-" + j;
	}

	static String aggregation(int pod, int a) {
		return "agg-" + pod + "-" + a;
	}

	static String edge(int pod, int e) {
		return "edge-" + pod + "-" + e;
	}

}
