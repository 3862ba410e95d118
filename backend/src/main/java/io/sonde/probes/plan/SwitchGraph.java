package io.sonde.probes.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.sonde.probes.Link;
import io.sonde.probes.PlanRequestRejected;
import io.sonde.topology.TopologyGraph;
import io.sonde.topology.TopologySwitch;

/**
 * The switches of a topology as a simple undirected graph, numbered in document order:
 * hosts are left out (a probe never visits one), parallel cables between two switches are
 * one edge (a probe path names switches, and the orchestrator picks the cable), and
 * avoided switches and links are removed but keep their numbers, so coverage is counted
 * against the whole topology.
 */
final class SwitchGraph {

	private final List<String> names;

	private final int[][] neighbours;

	private final boolean[] present;

	private final int allEdges;

	private SwitchGraph(List<String> names, int[][] neighbours, boolean[] present, int allEdges) {
		this.names = names;
		this.neighbours = neighbours;
		this.present = present;
		this.allEdges = allEdges;
	}

	/**
	 * @throws PlanRequestRejected if an avoided switch or link names a switch the
	 * topology does not have
	 */
	static SwitchGraph of(TopologyGraph graph, Set<String> avoidSwitches, Set<Link> avoidLinks) {
		List<String> names = graph.topology().switches().stream().map(TopologySwitch::name).toList();
		Map<String, Integer> index = new HashMap<>();
		for (int i = 0; i < names.size(); i++) {
			index.put(names.get(i), i);
		}
		for (String avoided : new TreeSet<>(avoidSwitches)) {
			if (!index.containsKey(avoided)) {
				throw new PlanRequestRejected("avoidSwitches", "no switch named '" + avoided + "' in the topology");
			}
		}
		for (Link link : avoidLinks) {
			if (!index.containsKey(link.a()) || !index.containsKey(link.b())) {
				throw new PlanRequestRejected("avoidLinks",
						"link " + link + " names a switch that is not in the topology");
			}
		}
		List<TreeSet<Integer>> adjacent = new ArrayList<>();
		names.forEach((name) -> adjacent.add(new TreeSet<>()));
		int allEdges = 0;
		for (int i = 0; i < names.size(); i++) {
			for (TopologyGraph.Adjacency next : graph.neighbours(names.get(i))) {
				Integer j = index.get(next.node());
				if (j != null && j > i && !adjacent.get(i).contains(j)) {
					allEdges++;
					adjacent.get(i).add(j);
					adjacent.get(j).add(i);
				}
			}
		}
		boolean[] present = new boolean[names.size()];
		for (int i = 0; i < names.size(); i++) {
			present[i] = !avoidSwitches.contains(names.get(i));
		}
		int[][] neighbours = new int[names.size()][];
		for (int i = 0; i < names.size(); i++) {
			int from = i;
			neighbours[i] = present[i] ? adjacent.get(i)
				.stream()
				.filter((j) -> present[j] && !avoidLinks.contains(Link.between(names.get(from), names.get(j))))
				.mapToInt(Integer::intValue)
				.toArray() : new int[0];
		}
		return new SwitchGraph(names, neighbours, present, allEdges);
	}

	/** Switches in the topology, avoided ones included. */
	int size() {
		return this.names.size();
	}

	String name(int node) {
		return this.names.get(node);
	}

	/** Whether the switch may be planned over (it was not avoided). */
	boolean present(int node) {
		return this.present[node];
	}

	/** Neighbours that are present over links that are not avoided, ascending. */
	int[] neighbours(int node) {
		return this.neighbours[node];
	}

	int degree(int node) {
		return this.neighbours[node].length;
	}

	boolean adjacent(int a, int b) {
		return Arrays.binarySearch(this.neighbours[a], b) >= 0;
	}

	/** Switch-to-switch edges of the whole topology, avoided ones included. */
	int allEdges() {
		return this.allEdges;
	}

	/**
	 * The connected parts of the planning graph (present switches only), each ascending,
	 * ordered by their smallest switch.
	 */
	List<int[]> components() {
		int[] component = new int[size()];
		Arrays.fill(component, -1);
		List<int[]> parts = new ArrayList<>();
		for (int start = 0; start < size(); start++) {
			if (!this.present[start] || component[start] >= 0) {
				continue;
			}
			List<Integer> members = new ArrayList<>();
			int[] stack = new int[size()];
			int top = 0;
			stack[top++] = start;
			component[start] = parts.size();
			while (top > 0) {
				int node = stack[--top];
				members.add(node);
				for (int next : this.neighbours[node]) {
					if (component[next] < 0) {
						component[next] = parts.size();
						stack[top++] = next;
					}
				}
			}
			parts.add(members.stream().mapToInt(Integer::intValue).sorted().toArray());
		}
		return parts;
	}

}
