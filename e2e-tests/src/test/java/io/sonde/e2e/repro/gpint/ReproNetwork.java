package io.sonde.e2e.repro.gpint;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import io.sonde.emulator.net.Link;
import io.sonde.emulator.net.ProcessingRate;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.WattsStrogatz;
import io.sonde.emulator.traffic.TrafficRun;

/**
 * The paper's emulated network (§V-A) in virtual time: a connected Watts-Strogatz graph
 * of switches running sonde.p4 (ring neighbours {@value #RING_NEIGHBOURS}, rewiring
 * probability {@value #BETA}), {@value #HOSTS} hosts spread round-robin, every switch
 * processing {@value #PROCESSING_PACKETS_PER_SECOND} packets/s behind a
 * {@value #QUEUE_PACKETS}-packet input buffer (links of 1 Gbit/s never limit), routes
 * written by the emulator's controller over P4Runtime; then, scenario after scenario
 * ({@link #enter}), the scenario's drop probability on every switch-to-switch link and
 * its {@link BackgroundTraffic}.
 * <p>
 * Beta 0.2: in the small-world range Watts and Strogatz describe (short paths of a random
 * graph, clustering of the ring, about 0.01 to 0.3), so the graph is neither the ring
 * (beta 0, paths of |V|/8 hops) nor a random graph (beta 1).
 */
final class ReproNetwork implements AutoCloseable {

	static final int HOSTS = 60;

	static final int RING_NEIGHBOURS = 4;

	static final double BETA = 0.2;

	/**
	 * A software switch's speed here: a full input buffer is half a second of work, so a
	 * probe's feedback comes back within the paper's t_f of 1.5 s even through two full
	 * buffers, and a second of traffic is ~10^5 packet-hops on 100 switches.
	 */
	static final long PROCESSING_PACKETS_PER_SECOND = 2_000;

	/** The paper's switch queue bound (§V-A). */
	static final int QUEUE_PACKETS = 1000;

	/** Virtual time the background runs before anything is measured, to fill queues. */
	static final Duration WARM_UP = Duration.ofMillis(1500);

	/** The background of a scenario sends at most this long (it is stopped sooner). */
	private static final Duration LONGEST_SCENARIO = Duration.ofHours(10);

	private final EmulatedNetwork emulated;

	private final long seed;

	private Scenario scenario;

	private BackgroundTraffic background;

	private TrafficRun traffic;

	private ReproNetwork(EmulatedNetwork emulated, long seed) {
		this.emulated = emulated;
		this.seed = seed;
	}

	/** The topology of {@code switches} switches for a repetition's seed. */
	static Topology topology(int switches, long seed) {
		return WattsStrogatz.build(switches, RING_NEIGHBOURS, BETA, seed, HOSTS, WattsStrogatz.DEFAULT_LINK);
	}

	/**
	 * Starts the network and programs it (routes to every host over P4Runtime), with
	 * every switch's processing rate set; no traffic yet.
	 */
	static ReproNetwork start(Topology topology, long seed) {
		EmulationOptions options = EmulationOptions.DEFAULTS.withSeed(seed)
			.withP4RuntimeBasePort(0)
			.withCollector(null)
			.withGroundTruthCapacity(0);
		EmulatedNetwork emulated = EmulatedNetwork.start(topology, options);
		try {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(), ProvisioningOptions.DEFAULTS));
			ProcessingRate rate = new ProcessingRate(PROCESSING_PACKETS_PER_SECOND, QUEUE_PACKETS);
			for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
				emulatedSwitch.node().setProcessingRate(rate);
			}
			return new ReproNetwork(emulated, seed);
		}
		catch (RuntimeException ex) {
			emulated.close();
			throw ex;
		}
	}

	/**
	 * Puts the network in a scenario's conditions: the previous background stopped, the
	 * links' drop probability set, the scenario's background started (the same host pairs
	 * in every scenario of the network, at the load's rate), and {@link #WARM_UP} run so
	 * queues settle before anything is measured.
	 */
	void enter(Scenario next) throws InterruptedException {
		if (this.traffic != null) {
			this.traffic.stop();
		}
		for (Link link : switchToSwitchLinks(this.emulated)) {
			link.setParameters(link.configuredParameters().withLossProbability(next.linkLoss()));
		}
		this.background = BackgroundTraffic.calibrated(this.emulated.topology(),
				ShortestPathRoutes.compute(this.emulated.topology()), PROCESSING_PACKETS_PER_SECOND, next.load(),
				new SplittableRandom(this.seed ^ 0x5EED_B6L));
		this.traffic = this.emulated.startTraffic(this.background.flows(), LONGEST_SCENARIO);
		this.scenario = next;
		this.emulated.runFor(WARM_UP);
	}

	Scenario scenario() {
		return this.scenario;
	}

	/** Links whose both ends are switches: the ones the paper degrades. */
	static List<Link> switchToSwitchLinks(EmulatedNetwork emulated) {
		return emulated.network()
			.links()
			.stream()
			.filter((link) -> link.a().node() instanceof SwitchNode && link.b().node() instanceof SwitchNode)
			.toList();
	}

	EmulatedNetwork emulated() {
		return this.emulated;
	}

	/** The running scenario's background. */
	BackgroundTraffic background() {
		return this.background;
	}

	/** What the background and the processors have done so far, to diff two of. */
	BackgroundCounters counters() {
		long processingDrops = 0;
		long[] busy = new long[this.emulated.switches().size()];
		int i = 0;
		for (EmulatedSwitch emulatedSwitch : this.emulated.switches()) {
			SwitchNode node = emulatedSwitch.node();
			busy[i++] = node.processingBusyNanos();
			processingDrops += node.processingDrops();
		}
		return new BackgroundCounters(this.emulated.nowNanos(), this.traffic.sentPackets(),
				this.traffic.receivedPackets(), processingDrops, busy);
	}

	@Override
	public void close() {
		this.emulated.close();
	}

}
