package io.sonde.web.dashboard;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.InstalledEntity;

/**
 * The switch's per-port counters (sonde.p4's ingress and egress port counters, indexed by
 * port), as a table of the ports the topology cables, or of every port that counted
 * something when the switch is not in the topology.
 *
 * @param rows one per port, by port number
 * @param problem why the counters could not be read; null when they were
 */
public record PortCounters(List<Row> rows, String problem) {

	static final String INGRESS = SondeEntities.INGRESS_PORT_COUNTER;

	static final String EGRESS = SondeEntities.EGRESS_PORT_COUNTER;

	/**
	 * @param ports the ports to show with what is cabled to each; empty to show every
	 * port that counted something
	 */
	static PortCounters of(List<InstalledEntity> ingress, List<InstalledEntity> egress, Map<Integer, String> ports) {
		Map<Integer, InstalledEntity> in = byIndex(ingress);
		Map<Integer, InstalledEntity> out = byIndex(egress);
		Map<Integer, String> shown = new TreeMap<>(ports);
		if (shown.isEmpty()) {
			in.keySet().stream().filter((port) -> counted(in.get(port))).forEach((port) -> shown.put(port, ""));
			out.keySet().stream().filter((port) -> counted(out.get(port))).forEach((port) -> shown.put(port, ""));
		}
		List<Row> rows = shown.entrySet()
			.stream()
			.map((port) -> new Row(port.getKey(), port.getValue(), value(in.get(port.getKey()), "packets"),
					value(in.get(port.getKey()), "bytes"), value(out.get(port.getKey()), "packets"),
					value(out.get(port.getKey()), "bytes")))
			.toList();
		return new PortCounters(rows, null);
	}

	static PortCounters unreadable(String problem) {
		return new PortCounters(List.of(), problem);
	}

	private static Map<Integer, InstalledEntity> byIndex(List<InstalledEntity> cells) {
		return cells.stream()
			.filter((cell) -> cell.key().containsKey("index"))
			.collect(Collectors.toMap((cell) -> Integer.parseInt(cell.key().get("index")), Function.identity(),
					(first, second) -> first));
	}

	private static boolean counted(InstalledEntity cell) {
		return !"0".equals(cell.value().getOrDefault("packets", "0"))
				|| !"0".equals(cell.value().getOrDefault("bytes", "0"));
	}

	private static String value(InstalledEntity cell, String field) {
		return (cell != null) ? cell.value().getOrDefault(field, "0") : "0";
	}

	/**
	 * @param port the port number
	 * @param neighbour the node cabled to it, empty if not known
	 */
	public record Row(int port, String neighbour, String ingressPackets, String ingressBytes, String egressPackets,
			String egressBytes) {
	}

}
