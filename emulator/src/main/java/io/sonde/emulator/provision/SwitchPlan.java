package io.sonde.emulator.provision;

import java.util.List;

import io.sonde.emulator.pipeline.EventFilterAction;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.topology.EqualCostRoute;
import io.sonde.emulator.topology.Route;

/**
 * Everything one switch is given, as sonde.p4's control plane must write it (p4-programs
 * README, "Control-plane entities").
 *
 * @param switchName the switch
 * @param deviceId its P4Runtime device id
 * @param address where its P4Runtime server listens ({@code host:port})
 * @param intNodeId the INT Node ID (the default action of {@code int_node_id})
 * @param routes its {@code ipv4_lpm} entries with {@code set_next_hop}
 * @param ecmpRoutes destinations it routes over a group of equal-cost next hops (ECMP
 * only), group id = position in this list + 1
 * @param ecmpSalt its ECMP hash seed (the default action of {@code ecmp_salt})
 * @param sinkPorts ports marked by {@code int_sink_ports} (toward hosts)
 * @param watchlist its {@code int_watchlist} entries (INT source)
 * @param eventFilters its {@code event_filter_flows} entries (INT sink)
 * @param cnfLiterals register cells of its CNF expressions
 * @param reportPort the port clone session 500 mirrors reports to
 * @param collector its {@code int_report_collectors} action for that port
 * @param label its INT-label entries ({@link LabelPlan#NONE} when labeling is off)
 */
public record SwitchPlan(String switchName, long deviceId, String address, long intNodeId, List<Route> routes,
		List<EqualCostRoute> ecmpRoutes, long ecmpSalt, List<Integer> sinkPorts, List<FlowRule<IntInsertion>> watchlist,
		List<FlowRule<EventFilterAction>> eventFilters, List<CnfRegisterWrite> cnfLiterals, int reportPort,
		ReportCollector collector, LabelPlan label) {

	public SwitchPlan {
		routes = List.copyOf(routes);
		ecmpRoutes = List.copyOf(ecmpRoutes);
		sinkPorts = List.copyOf(sinkPorts);
		watchlist = List.copyOf(watchlist);
		eventFilters = List.copyOf(eventFilters);
		cnfLiterals = List.copyOf(cnfLiterals);
		java.util.Objects.requireNonNull(label, "label");
	}

	/** The P4Runtime host and port, split. */
	String host() {
		return this.address.substring(0, this.address.lastIndexOf(':'));
	}

	int port() {
		return Integer.parseInt(this.address.substring(this.address.lastIndexOf(':') + 1));
	}

}
