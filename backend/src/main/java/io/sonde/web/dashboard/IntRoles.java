package io.sonde.web.dashboard;

import java.util.ArrayList;
import java.util.List;

import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.InstalledEntity;

/**
 * The INT roles a switch plays, as its installed state says: source when its watchlist
 * has entries, transit when it has an INT switch id to push (the default entry of
 * {@code int_node_id}; a node id 0 means the control plane has not set one), sink when
 * ports are marked as sink ports. Read from the switch, not from the configuration Sonde
 * wants, so the page shows what the switch does now.
 *
 * @param text "source, transit (switch id 7), sink" or "none"
 */
public record IntRoles(String text) {

	static IntRoles of(List<InstalledTable> tables, List<InstalledEntity> nodeId) {
		List<String> roles = new ArrayList<>();
		if (entries(tables, SondeEntities.WATCHLIST) > 0) {
			roles.add("source (" + entries(tables, SondeEntities.WATCHLIST) + " watchlist entries)");
		}
		String id = nodeId.stream()
			.map((entry) -> entry.value().getOrDefault("node_id", "0"))
			.filter((value) -> !"0".equals(value))
			.findFirst()
			.orElse(null);
		if (id != null) {
			roles.add("transit (switch id " + id + ")");
		}
		if (entries(tables, SondeEntities.SINK_PORTS) > 0) {
			roles.add("sink (" + entries(tables, SondeEntities.SINK_PORTS) + " sink ports, "
					+ entries(tables, SondeEntities.COLLECTORS) + " report collectors)");
		}
		return new IntRoles(roles.isEmpty() ? "none" : String.join(", ", roles));
	}

	private static long entries(List<InstalledTable> tables, String table) {
		return tables.stream()
			.filter((candidate) -> candidate.table().equals(table))
			.mapToLong((candidate) -> candidate.entries().size())
			.sum();
	}

}
