package io.sonde.web.dashboard;

import java.util.List;

import io.sonde.switches.Reachability;

/**
 * The counts above the Switches table.
 *
 * @param total switches in the topology
 * @param reachable answering their P4Runtime endpoint
 * @param unreachable not answering
 * @param notChecked not probed yet
 */
public record SwitchesSummary(int total, int reachable, int unreachable, int notChecked) {

	static SwitchesSummary of(List<SwitchRow> rows) {
		return new SwitchesSummary(rows.size(), count(rows, Reachability.REACHABLE),
				count(rows, Reachability.UNREACHABLE), count(rows, Reachability.NOT_CHECKED));
	}

	private static int count(List<SwitchRow> rows, Reachability state) {
		return (int) rows.stream().filter((row) -> row.status().state() == state).count();
	}

}
