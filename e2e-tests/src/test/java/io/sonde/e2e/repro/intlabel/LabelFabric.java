package io.sonde.e2e.repro.intlabel;

import java.time.Duration;
import java.util.List;

import io.sonde.emulator.net.Link;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.IntLabelFabric;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.labeling.LabelingMode;

/**
 * The paper's testbed (§6.1) in virtual time: the emulator's {@link IntLabelFabric} (4
 * spines, 4 leaves, 4 ToRs, 8 servers; 1 Gbit/s links with 100-packet queues), every
 * switch a P4Runtime server running sonde.p4's twin, routes written by the emulator's
 * provisioner over P4Runtime (one shortest path per destination), two of them moved
 * ({@link #PINNED_ROUTES}) so the traffic crosses 24 switch ports as in the paper, and
 * {@link SenderTraffic}. One fabric serves every run of a repetition: a run sets the
 * labeling and the links' loss, starts the traffic and stops it again.
 */
final class LabelFabric implements AutoCloseable {

	/**
	 * The paper's "pre-installed flow tables" leave some ports without traffic so that 24
	 * carry it. The emulator's shortest paths send server-8's packets to server-4 over
	 * leaf-3 and spine-1, which nothing else uses (26 ports); pinned here, they follow
	 * server-8's packets to servers 1-3 over leaf-4 and spine-3, and 24 ports carry the
	 * senders' traffic.
	 */
	static final List<PinnedRoute> PINNED_ROUTES = List.of(new PinnedRoute("tor-4", "server-4", "leaf-4"),
			new PinnedRoute("leaf-4", "server-4", "spine-3"));

	/** Longest a run's traffic may send (it is stopped sooner). */
	private static final Duration LONGEST_TRAFFIC = Duration.ofHours(1);

	private final EmulatedNetwork emulated;

	private final RoutingPlan routes;

	private final List<FlowSpec> flows;

	private final LabelSwitches switches;

	private LabelFabric(EmulatedNetwork emulated, LabelSwitches switches) {
		this.emulated = emulated;
		this.switches = switches;
		this.routes = ShortestPathRoutes.compute(emulated.topology());
		this.flows = SenderTraffic.flows(emulated.topology());
	}

	/**
	 * Starts and provisions the fabric (routes, and INT-label: sink ports toward the
	 * servers, the export session to the CPU port, Base A at 50 ms until a run says
	 * otherwise), pins {@link #PINNED_ROUTES} and connects the controller's P4Runtime
	 * side; no traffic yet.
	 */
	static LabelFabric start(long seed) {
		EmulationOptions options = EmulationOptions.DEFAULTS.withSeed(seed)
			.withP4RuntimeBasePort(0)
			.withCollector(null)
			.withGroundTruthCapacity(0);
		EmulatedNetwork emulated = EmulatedNetwork.start(IntLabelFabric.build(), options);
		try {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(), ProvisioningOptions.DEFAULTS.withLabeling(
						LabelSwitches.spec(Figures.sweep(LabelingMode.A, Figures.DEFAULT_INTERVAL_MS).labeling()))));
			LabelSwitches switches = LabelSwitches.connect(emulated);
			try {
				PINNED_ROUTES.forEach((route) -> pin(emulated.topology(), switches, route));
			}
			catch (RuntimeException ex) {
				switches.close();
				throw ex;
			}
			return new LabelFabric(emulated, switches);
		}
		catch (RuntimeException ex) {
			emulated.close();
			throw ex;
		}
	}

	private static void pin(Topology topology, LabelSwitches switches, PinnedRoute route) {
		LinkSpec link = topology.linksOf(route.switchName())
			.stream()
			.filter((candidate) -> candidate.otherEnd(route.switchName()).node().equals(route.nextHop()))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException(route.switchName() + " has no link to " + route.nextHop()));
		SwitchSpec nextHop = topology.switchNamed(route.nextHop())
			.orElseThrow(() -> new IllegalStateException(route.nextHop() + " is no switch"));
		switches.route(route.switchName(), topology.hostNamed(route.destination()).orElseThrow().ipv4(),
				link.endAt(route.switchName()).port(), nextHop.mac());
	}

	/** The controller's P4Runtime side on this fabric's switches. */
	LabelSwitches switches() {
		return this.switches;
	}

	EmulatedNetwork emulated() {
		return this.emulated;
	}

	List<FlowSpec> flows() {
		return this.flows;
	}

	RoutingPlan routes() {
		return this.routes;
	}

	/** Every link drops each frame with {@code probability} (0 gives them back whole). */
	void setLinkLoss(double probability) {
		for (Link link : this.emulated.network().links()) {
			link.setParameters(link.configuredParameters().withLossProbability(probability));
		}
	}

	TrafficRun startTraffic() {
		return this.emulated.startTraffic(this.flows, LONGEST_TRAFFIC);
	}

	@Override
	public void close() {
		try {
			this.switches.close();
		}
		finally {
			this.emulated.close();
		}
	}

	/**
	 * A route the repro sets instead of the emulator's shortest path.
	 *
	 * @param switchName the switch whose route changes
	 * @param destination the destination server
	 * @param nextHop the neighbour its packets go to
	 */
	record PinnedRoute(String switchName, String destination, String nextHop) {

	}

}
