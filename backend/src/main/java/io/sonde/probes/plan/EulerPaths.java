package io.sonde.probes.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * INT-Path's Euler baseline (Pan et al., INFOCOM 2019): per connected part, trails that
 * walk every link exactly once. The odd-degree switches are paired (in an order the seed
 * shuffles) by virtual links; Hierholzer's algorithm walks the resulting Euler circuit,
 * which is cut at every virtual link: odd/2 trails, or one circuit when no switch has odd
 * degree (a lone switch is a trail of its own). The count, max(1, odd/2) per part, is the
 * fewest trails that can cover every link (each trail ends at two odd switches).
 */
final class EulerPaths {

	private final SwitchGraph graph;

	private final SplittableRandom random;

	EulerPaths(SwitchGraph graph, long seed) {
		this.graph = graph;
		this.random = new SplittableRandom(seed);
	}

	List<int[]> plan() {
		List<int[]> paths = new ArrayList<>();
		for (int[] component : this.graph.components()) {
			paths.addAll(trails(component));
		}
		return paths;
	}

	private List<int[]> trails(int[] component) {
		if (component.length == 1) {
			return List.of(new int[] { component[0] });
		}
		// Edges as endpoint pairs; real ones first, in switch order, then
		// the virtual ones.
		List<int[]> edges = new ArrayList<>();
		List<Integer> odd = new ArrayList<>();
		for (int node : component) {
			for (int next : this.graph.neighbours(node)) {
				if (next > node) {
					edges.add(new int[] { node, next });
				}
			}
			if (this.graph.degree(node) % 2 == 1) {
				odd.add(node);
			}
		}
		int real = edges.size();
		for (int i = odd.size() - 1; i > 0; i--) {
			int j = this.random.nextInt(i + 1);
			odd.set(i, odd.set(j, odd.get(i)));
		}
		for (int i = 0; i < odd.size(); i += 2) {
			edges.add(new int[] { odd.get(i), odd.get(i + 1) });
		}
		int start = odd.isEmpty() ? component[0] : odd.get(0);
		List<int[]> circuit = circuit(edges, start);
		return cut(circuit, real);
	}

	/**
	 * Hierholzer's algorithm without recursion: the circuit as (switch, edge taken to
	 * reach it) pairs, the first with edge -1 and the last back at the start.
	 */
	private List<int[]> circuit(List<int[]> edges, int start) {
		List<List<Integer>> incident = new ArrayList<>();
		for (int i = 0; i < this.graph.size(); i++) {
			incident.add(null);
		}
		for (int e = 0; e < edges.size(); e++) {
			for (int end : edges.get(e)) {
				if (incident.get(end) == null) {
					incident.set(end, new ArrayList<>());
				}
				incident.get(end).add(e);
			}
		}
		boolean[] used = new boolean[edges.size()];
		int[] next = new int[this.graph.size()];
		ArrayDeque<int[]> stack = new ArrayDeque<>();
		List<int[]> reversed = new ArrayList<>();
		stack.push(new int[] { start, -1 });
		while (!stack.isEmpty()) {
			int[] top = stack.peek();
			int node = top[0];
			List<Integer> around = incident.get(node);
			while (next[node] < around.size() && used[around.get(next[node])]) {
				next[node]++;
			}
			if (next[node] < around.size()) {
				int edge = around.get(next[node]);
				used[edge] = true;
				int[] ends = edges.get(edge);
				stack.push(new int[] { (ends[0] == node) ? ends[1] : ends[0], edge });
			}
			else {
				reversed.add(stack.pop());
			}
		}
		// Each pair popped is joined by its edge to the pair popped after it: reversed,
		// the edge is the one that reaches the switch from the switch before it.
		List<int[]> circuit = new ArrayList<>(reversed.size());
		for (int i = reversed.size() - 1; i >= 0; i--) {
			circuit.add(reversed.get(i));
		}
		return circuit;
	}

	/** The circuit's trails between virtual edges (numbered from {@code real} up). */
	private static List<int[]> cut(List<int[]> circuit, int real) {
		int edges = circuit.size() - 1;
		int virtualAt = -1;
		for (int t = 1; t <= edges && virtualAt < 0; t++) {
			if (circuit.get(t)[1] >= real) {
				virtualAt = t;
			}
		}
		if (virtualAt < 0) {
			return List.of(circuit.stream().mapToInt((step) -> step[0]).toArray());
		}
		List<int[]> trails = new ArrayList<>();
		List<Integer> trail = new ArrayList<>();
		trail.add(circuit.get(virtualAt)[0]);
		for (int step = 1; step <= edges; step++) {
			// Step t of the circuit after the virtual edge, wrapping past
			// its closing switch.
			int t = (virtualAt - 1 + step) % edges + 1;
			int[] arrived = circuit.get(t);
			if (arrived[1] >= real) {
				trails.add(trail.stream().mapToInt(Integer::intValue).toArray());
				trail = new ArrayList<>();
			}
			trail.add(arrived[0]);
		}
		// The last step crosses the virtual edge the walk started after: every
		// trail is closed.
		return trails;
	}

}
