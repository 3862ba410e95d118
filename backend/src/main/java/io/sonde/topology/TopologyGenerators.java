package io.sonde.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Topologies for planning what-ifs, built in the backend's own model: the k-ary fat tree
 * (Al-Fares et al., SIGCOMM 2008) and Watts–Strogatz small worlds (Nature 393, 1998; the
 * random graphs of the GPINT paper's evaluation). Names, addresses, ports, device ids and
 * MACs follow the emulator's generators exactly (a test compares the two), so a plan made
 * here describes the network the emulator would run; the backend does not depend on the
 * emulator, which is a lab, not a library. Generated switches have no P4Runtime port (0).
 */
public final class TopologyGenerators {

	public static final int MAX_FAT_TREE_K = 64;

	public static final int MAX_SMALL_WORLD_SWITCHES = 4096;

	private static final int SMALL_WORLD_ATTEMPTS = 100;

	private TopologyGenerators() {
	}

	/**
	 * k pods of k/2 aggregation and k/2 edge switches, (k/2)² cores, k/2 hosts per edge
	 * switch; {@code core-j}, {@code agg-p-a}, {@code edge-p-e}, host {@code h-p-e-i} at
	 * {@code 10.p.e.(i+2)}; down-links on the low ports.
	 * @throws IllegalArgumentException unless k is even and in 2-64
	 */
	public static Topology fatTree(int k) {
		if (k < 2 || k % 2 != 0 || k > MAX_FAT_TREE_K) {
			throw new IllegalArgumentException("a fat tree needs an even k in 2-" + MAX_FAT_TREE_K + ", got " + k);
		}
		int half = k / 2;
		Builder network = new Builder("fattree-" + k);
		for (int j = 0; j < half * half; j++) {
			network.addSwitch("core-" + j, "core");
		}
		for (int pod = 0; pod < k; pod++) {
			for (int a = 0; a < half; a++) {
				network.addSwitch("agg-" + pod + "-" + a, "aggregation");
			}
			for (int e = 0; e < half; e++) {
				network.addSwitch("edge-" + pod + "-" + e, "edge");
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int e = 0; e < half; e++) {
				for (int i = 0; i < half; i++) {
					String host = network.addHost("h-" + pod + "-" + e + "-" + i, pod, e, i + 2);
					network.link(host, 1, "edge-" + pod + "-" + e, i + 1);
				}
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int e = 0; e < half; e++) {
				for (int a = 0; a < half; a++) {
					network.link("edge-" + pod + "-" + e, half + a + 1, "agg-" + pod + "-" + a, e + 1);
				}
			}
		}
		for (int pod = 0; pod < k; pod++) {
			for (int a = 0; a < half; a++) {
				for (int c = 0; c < half; c++) {
					network.link("agg-" + pod + "-" + a, half + c + 1, "core-" + (a * half + c), pod + 1);
				}
			}
		}
		return network.build();
	}

	/**
	 * n switches on a ring joined to their k nearest neighbours, each ring edge rewired
	 * with probability beta, lap by lap; a disconnected draw is drawn again from the same
	 * random stream, so the result depends only on the parameters. Hosts round-robin:
	 * host i on switch i mod n at {@code 10.(s/256).(s%256).(2 + i/n)}; ports: hosts
	 * first, then neighbours by index.
	 * @throws IllegalArgumentException for parameters out of range, or no connected draw
	 */
	public static Topology wattsStrogatz(int n, int k, double beta, long seed, int hosts) {
		if (n < 3 || n > MAX_SMALL_WORLD_SWITCHES) {
			throw new IllegalArgumentException(
					"Watts-Strogatz needs 3-" + MAX_SMALL_WORLD_SWITCHES + " switches, got " + n);
		}
		if (k < 2 || k % 2 != 0 || k >= n) {
			throw new IllegalArgumentException("Watts-Strogatz needs an even k with 2 <= k < n, got k=" + k);
		}
		if (!(beta >= 0 && beta <= 1)) {
			throw new IllegalArgumentException("the rewiring probability beta must be in 0-1, got " + beta);
		}
		if (hosts < 0 || hosts > 250 * n) {
			throw new IllegalArgumentException("hosts must be 0-" + (250 * n) + ", got " + hosts);
		}
		SplittableRandom random = new SplittableRandom(seed);
		for (int attempt = 0; attempt < SMALL_WORLD_ATTEMPTS; attempt++) {
			List<TreeSet<Integer>> ring = rewiredRing(n, k, beta, random);
			if (connected(ring)) {
				return smallWorld("watts-strogatz-" + n + "-" + k + "-" + beta + "-" + seed, ring, hosts);
			}
		}
		throw new IllegalArgumentException(
				"no connected Watts-Strogatz graph in " + SMALL_WORLD_ATTEMPTS + " draws; raise k or lower beta");
	}

	private static List<TreeSet<Integer>> rewiredRing(int n, int k, double beta, SplittableRandom random) {
		List<TreeSet<Integer>> neighbours = new ArrayList<>(n);
		for (int i = 0; i < n; i++) {
			neighbours.add(new TreeSet<>());
		}
		for (int i = 0; i < n; i++) {
			for (int m = 1; m <= k / 2; m++) {
				join(neighbours, i, (i + m) % n);
			}
		}
		for (int lap = 1; lap <= k / 2; lap++) {
			for (int i = 0; i < n; i++) {
				int j = (i + lap) % n;
				boolean rewire = random.nextDouble() < beta;
				if (!rewire || !neighbours.get(i).contains(j) || neighbours.get(i).size() >= n - 1) {
					continue;
				}
				int target = random.nextInt(n);
				while (target == i || neighbours.get(i).contains(target)) {
					target = random.nextInt(n);
				}
				neighbours.get(i).remove(j);
				neighbours.get(j).remove(i);
				join(neighbours, i, target);
			}
		}
		return neighbours;
	}

	private static void join(List<TreeSet<Integer>> neighbours, int a, int b) {
		neighbours.get(a).add(b);
		neighbours.get(b).add(a);
	}

	private static boolean connected(List<TreeSet<Integer>> neighbours) {
		boolean[] reached = new boolean[neighbours.size()];
		ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(0));
		reached[0] = true;
		int count = 1;
		while (!queue.isEmpty()) {
			for (int next : neighbours.get(queue.poll())) {
				if (!reached[next]) {
					reached[next] = true;
					count++;
					queue.add(next);
				}
			}
		}
		return count == neighbours.size();
	}

	private static Topology smallWorld(String name, List<TreeSet<Integer>> neighbours, int hosts) {
		int n = neighbours.size();
		Builder network = new Builder(name);
		for (int s = 0; s < n; s++) {
			network.addSwitch("s-" + s, "switch");
		}
		int[] hostPorts = new int[n];
		for (int h = 0; h < hosts; h++) {
			int s = h % n;
			String host = network.addHost("h-" + h, s / 256, s % 256, 2 + h / n);
			network.link(host, 1, "s-" + s, ++hostPorts[s]);
		}
		for (int a = 0; a < n; a++) {
			for (int b : neighbours.get(a)) {
				if (a < b) {
					network.link("s-" + a, hostPorts[a] + 1 + neighbours.get(a).headSet(b).size(), "s-" + b,
							hostPorts[b] + 1 + neighbours.get(b).headSet(a).size());
				}
			}
		}
		return network.build();
	}

	/** Device ids in the order switches are added, from 1; the format's default MACs. */
	private static final class Builder {

		private final String name;

		private final List<TopologySwitch> switches = new ArrayList<>();

		private final List<TopologyHost> hosts = new ArrayList<>();

		private final List<TopologyLink> links = new ArrayList<>();

		Builder(String name) {
			this.name = name;
		}

		void addSwitch(String switchName, String role) {
			long deviceId = this.switches.size() + 1;
			// TOPOLOGY_FORMAT.md: 02:53 followed by the 32-bit device id.
			this.switches
				.add(new TopologySwitch(switchName, deviceId, "127.0.0.1", 0, role, mac(0x0253_0000_0000L | deviceId)));
		}

		String addHost(String hostName, int b, int c, int d) {
			long address = (10L << 24) | ((long) b << 16) | ((long) c << 8) | d;
			// TOPOLOGY_FORMAT.md: 02:48 followed by the IPv4 address.
			this.hosts.add(new TopologyHost(hostName, "10." + b + "." + c + "." + d, mac(0x0248_0000_0000L | address)));
			return hostName;
		}

		void link(String a, int aPort, String b, int bPort) {
			this.links
				.add(new TopologyLink(new LinkEnd(a, aPort), new LinkEnd(b, bPort), LinkProperties.FORMAT_DEFAULTS));
		}

		Topology build() {
			return new Topology(this.name, this.switches, this.hosts, this.links);
		}

		private static String mac(long value) {
			StringBuilder text = new StringBuilder();
			for (int shift = 40; shift >= 0; shift -= 8) {
				text.append(String.format("%02x", value >>> shift & 0xFF));
				if (shift > 0) {
					text.append(':');
				}
			}
			return text.toString();
		}

	}

}
