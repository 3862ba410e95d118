package io.sonde.emulator.pipeline.bench;

import java.util.List;

import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.FlowMatch;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.pipeline.InMemorySondeRegisters;
import io.sonde.emulator.pipeline.InMemorySondeTables;
import io.sonde.emulator.pipeline.IntInsertion;
import io.sonde.emulator.pipeline.NextHop;
import io.sonde.emulator.pipeline.ReportCollector;
import io.sonde.emulator.pipeline.SondeSwitch;
import io.sonde.emulator.pipeline.SondeSwitchOptions;
import io.sonde.emulator.topology.DataPlaneFactory;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.Route;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.p4programs.SondePipeline;

/**
 * Gives every switch of a topology a {@link SondeSwitch} configured as a controller would
 * for an INT domain covering the whole fabric: {@code ipv4_lpm} from the routing plan,
 * host-facing ports as sink ports, every flow on the watchlist (only the first switch
 * inserts: later ones find the shim), and a report path (clone session 500 to port
 * {@value #REPORT_PORT}, a collector behind it).
 */
final class SondeFabric implements DataPlaneFactory {

	/** The port reports are mirrored to; no link is needed, reports skip the queues. */
	static final int REPORT_PORT = 500;

	private final Topology topology;

	private final RoutingPlan routes;

	private final int instructions;

	private final GroundTruth truth;

	SondeFabric(Topology topology, RoutingPlan routes, int instructions, GroundTruth truth) {
		this.topology = topology;
		this.routes = routes;
		this.instructions = instructions;
		this.truth = truth;
	}

	@Override
	public SondeSwitch create(SwitchSpec spec, SwitchNode node) {
		InMemorySondeTables tables = new InMemorySondeTables();
		InMemorySondeRegisters registers = new InMemorySondeRegisters();
		tables.setIntNodeId(spec.deviceId());
		for (Route route : this.routes.routesAt(spec.name())) {
			tables.addIpv4Route(route.destination().value(), route.prefixLength(),
					NextHop.to(route.egressPort(), route.nextHopMac().value()));
		}
		for (LinkSpec link : this.topology.linksOf(spec.name())) {
			String other = link.otherEnd(spec.name()).node();
			if (this.topology.hostNamed(other).isPresent()) {
				tables.addSinkPort(link.endAt(spec.name()).port());
			}
		}
		if (this.instructions != 0) {
			tables.addWatchlistEntry(FlowMatch.ANY.withProto(17), 1, IntInsertion.insert(this.instructions, 8));
		}
		tables.addCloneSession(SondePipeline.INT_REPORT_CLONE_SESSION_ID, REPORT_PORT);
		tables.addReportCollector(REPORT_PORT, ReportCollector.sendReport(spec.mac().value(), 0x02_00_00_00_00_C0L,
				0xC0A8_0000 | (int) spec.deviceId(), 0x7F00_0001, 32766, 0));
		return new SondeSwitch(tables, registers, this.truth, SondeSwitchOptions.DEFAULTS);
	}

	static List<String> hostNames(Topology topology) {
		return topology.hosts().stream().map((host) -> host.name()).toList();
	}

}
