package io.sonde.emulator.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;

/**
 * Watts–Strogatz small-world switch graphs (Nature 393, 1998), the random topologies of
 * GPINT's evaluation (paper 001, §V-A): n switches on a ring, each joined to its k
 * nearest neighbours (k/2 on each side); then each ring edge (i, i+m), m = 1..k/2, is
 * rewired with probability beta to (i, r) for a uniformly chosen r that is neither i nor
 * already a neighbour of i. The edge count stays nk/2.
 * <p>
 * The graph must be connected to be monitored, so a disconnected draw is discarded and
 * drawn again from the same random stream (up to {@value #MAX_ATTEMPTS} times): the
 * result depends only on (n, k, beta, seed). Hosts are spread round-robin over the
 * switches (host i on switch i mod n; GPINT used 60 hosts). Names: switch {@code s-i},
 * host {@code h-i}, 0-based; host i of switch s has address
 * {@code 10.(s / 256).(s mod 256).(2 + i / n)}. Ports: a switch's hosts first, then its
 * switch neighbours in ascending order of their index.
 */
public final class WattsStrogatz {

	public static final int MAX_ATTEMPTS = 100;

	public static final int MAX_SWITCHES = 4096;

	/**
	 * Links when none are given: 1 Gbit/s Ethernet, 1 µs, and 1000-packet queues (the
	 * queue bound of paper 001 §V-A, "all switches and links are assumed to be
	 * identical").
	 */
	public static final LinkParameters DEFAULT_LINK = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 1000);

	private WattsStrogatz() {
	}

	/** One host per switch, default links. */
	public static Topology build(int n, int k, double beta, long seed) {
		return build(n, k, beta, seed, n, DEFAULT_LINK);
	}

	/**
	 * @param n switches (3..{@value #MAX_SWITCHES})
	 * @param k ring neighbours per switch: even, 2 ≤ k < n
	 * @param beta rewiring probability, 0..1
	 * @param seed the random seed
	 * @param hostCount hosts to attach, round-robin
	 * @param link parameters of every link
	 * @throws TopologyInvalid if no connected graph was drawn in {@value #MAX_ATTEMPTS}
	 * attempts
	 */
	public static Topology build(int n, int k, double beta, long seed, int hostCount, LinkParameters link) {
		checkParameters(n, k, beta, hostCount);
		String name = "watts-strogatz-" + n + "-" + k + "-" + beta + "-" + seed;
		SplittableRandom random = new SplittableRandom(seed);
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			List<TreeSet<Integer>> graph = draw(n, k, beta, random);
			if (isConnected(graph)) {
				return assemble(name, graph, hostCount, link);
			}
		}
		throw new TopologyInvalid(name,
				List.of("no connected graph in " + MAX_ATTEMPTS + " draws; raise k or lower beta"));
	}

	private static void checkParameters(int n, int k, double beta, int hostCount) {
		if (n < 3 || n > MAX_SWITCHES) {
			throw new IllegalArgumentException("Watts-Strogatz needs 3.." + MAX_SWITCHES + " switches, got " + n);
		}
		if (k < 2 || k % 2 != 0 || k >= n) {
			throw new IllegalArgumentException("Watts-Strogatz needs an even k with 2 <= k < n, got k=" + k);
		}
		if (!(beta >= 0 && beta <= 1)) {
			throw new IllegalArgumentException("rewiring probability beta must be within 0..1, got " + beta);
		}
		if (hostCount < 0 || hostCount > 250 * n) {
			throw new IllegalArgumentException("host count must be 0.." + (250 * n) + ", got " + hostCount);
		}
	}

	/** The ring lattice, then the rewiring pass, as an adjacency list. */
	static List<TreeSet<Integer>> draw(int n, int k, double beta, SplittableRandom random) {
		List<TreeSet<Integer>> graph = new ArrayList<>(n);
		for (int i = 0; i < n; i++) {
			graph.add(new TreeSet<>());
		}
		for (int i = 0; i < n; i++) {
			for (int m = 1; m <= k / 2; m++) {
				connect(graph, i, (i + m) % n);
			}
		}
		// Watts and Strogatz rewire lap by lap: all (i, i+1) edges first,
		// then (i, i+2)...
		for (int m = 1; m <= k / 2; m++) {
			for (int i = 0; i < n; i++) {
				int j = (i + m) % n;
				if (random.nextDouble() >= beta || !graph.get(i).contains(j)) {
					continue;
				}
				if (graph.get(i).size() >= n - 1) {
					continue;
				}
				int target;
				do {
					target = random.nextInt(n);
				}
				while (target == i || graph.get(i).contains(target));
				graph.get(i).remove(j);
				graph.get(j).remove(i);
				connect(graph, i, target);
			}
		}
		return graph;
	}

	private static void connect(List<TreeSet<Integer>> graph, int a, int b) {
		graph.get(a).add(b);
		graph.get(b).add(a);
	}

	static boolean isConnected(List<TreeSet<Integer>> graph) {
		boolean[] seen = new boolean[graph.size()];
		ArrayDeque<Integer> frontier = new ArrayDeque<>();
		frontier.add(0);
		seen[0] = true;
		int reached = 1;
		while (!frontier.isEmpty()) {
			for (int next : graph.get(frontier.poll())) {
				if (!seen[next]) {
					seen[next] = true;
					reached++;
					frontier.add(next);
				}
			}
		}
		return reached == graph.size();
	}

	private static Topology assemble(String name, List<TreeSet<Integer>> graph, int hostCount, LinkParameters link) {
		int n = graph.size();
		TopologyBuilder topology = new TopologyBuilder(name);
		for (int s = 0; s < n; s++) {
			topology.addSwitch(switchName(s), "switch");
		}
		int[] nextPort = new int[n];
		for (int s = 0; s < n; s++) {
			nextPort[s] = 1;
		}
		for (int h = 0; h < hostCount; h++) {
			int s = h % n;
			String host = topology.addHost("h-" + h, Ipv4Address.of(10, s / 256, s % 256, 2 + h / n));
			topology.link(host, 1, switchName(s), nextPort[s]++, link);
		}
		int[] firstSwitchPort = nextPort.clone();
		for (int a = 0; a < n; a++) {
			for (int b : graph.get(a)) {
				if (a < b) {
					topology.link(switchName(a), portOf(graph, a, b, firstSwitchPort), switchName(b),
							portOf(graph, b, a, firstSwitchPort), link);
				}
			}
		}
		return topology.build();
	}

	/**
	 * Port of {@code self} toward {@code neighbour}: after the hosts, by neighbour index.
	 */
	private static int portOf(List<TreeSet<Integer>> graph, int self, int neighbour, int[] firstSwitchPort) {
		return firstSwitchPort[self] + graph.get(self).headSet(neighbour).size();
	}

	static String switchName(int index) {
		return "s-" + index;
	}

}
