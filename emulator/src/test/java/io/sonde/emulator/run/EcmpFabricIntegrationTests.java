package io.sonde.emulator.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.state.IndexedCounter;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.ActionProfileEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4programs.SondePipeline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ECMP on an emulated FatTree(4) provisioned over P4Runtime with
 * {@code ProvisioningOptions.withEcmp}: the switches' next-hop selectors hash flows over
 * every equal-cost next hop (both uplinks of an aggregation switch, all four cores), and
 * every packet of one flow takes one path.
 */
class EcmpFabricIntegrationTests {

	private static final String EGRESS = "SondeEgress.egress_port_counter";

	private static final String INGRESS = "SondeIngress.ingress_port_counter";

	private final Topology fatTree = FatTree.build(4);

	private EmulatedNetwork network;

	@BeforeEach
	void startAndProvision() {
		this.network = EmulatedNetwork.start(this.fatTree,
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0));
		NetworkProvisioner.withDefaults()
			.apply(ProvisioningPlan.of(this.network.topology(), ProvisioningOptions.DEFAULTS.withEcmp(true)));
	}

	@AfterEach
	void stop() {
		this.network.close();
	}

	private long counted(String switchName, String counter, int port) {
		IndexedCounter cells = this.network.switchNamed(switchName).server().state().counter(counter);
		return cells.packets(port);
	}

	/** 64 flows from pod 0 to the other pods, source ports apart. */
	private static List<FlowSpec> interPodFlows(int packetsPerSecond) {
		List<FlowSpec> flows = new ArrayList<>();
		String[] sources = { "h-0-0-0", "h-0-0-1", "h-0-1-0", "h-0-1-1" };
		String[] destinations = { "h-1-0-0", "h-2-1-1", "h-3-0-1", "h-3-1-0" };
		for (int i = 0; i < 64; i++) {
			flows.add(FlowSpec.udp(sources[i % 4], destinations[(i / 4) % 4], 20000 + i, 7000, 200,
					new ConstantRate(packetsPerSecond)));
		}
		return flows;
	}

	@Test
	void flowsSpreadOverBothUplinksOfAnAggregationSwitchAndEveryCore() throws Exception {
		this.network.startTraffic(interPodFlows(200), Duration.ofMillis(200));
		this.network.runFor(Duration.ofMillis(300));

		// agg-0-0's ports 3 and 4 lead to core-0 and core-1, agg-0-1's to
		// core-2 and core-3.
		for (String agg : List.of("agg-0-0", "agg-0-1")) {
			assertThat(counted(agg, EGRESS, 3)).as("%s uplink 3", agg).isPositive();
			assertThat(counted(agg, EGRESS, 4)).as("%s uplink 4", agg).isPositive();
		}
		for (int core = 0; core < 4; core++) {
			String name = "core-" + core;
			long fromPod0 = counted(name, INGRESS, 1);
			assertThat(fromPod0).as("%s carries some of pod 0's flows", name).isPositive();
		}
		long delivered = 0;
		for (String host : List.of("h-1-0-0", "h-2-1-1", "h-3-0-1", "h-3-1-0")) {
			delivered += this.network.network().hostNamed(host).receivedPackets();
		}
		assertThat(delivered).as("64 flows x 40 packets, give or take the lossy links").isGreaterThan(2300);
	}

	/**
	 * The demo's traffic (scripts/demo.sh: {@code --flows 48} between random host pairs,
	 * seed 1) crosses every core once Sonde routes over all equal-cost next hops: the
	 * Topology page then shows all four cores sending.
	 */
	@Test
	void theDemosFlowsCrossEveryCore() throws Exception {
		List<String> hosts = this.fatTree.hosts().stream().map((host) -> host.name()).toList();
		List<FlowSpec> demo = FlowSets.randomPairs(hosts, 48, TransportProtocol.UDP, 500, new PoissonArrivals(70),
				new RandomStreams(1).forComponent("cli:flows"));
		this.network.startTraffic(demo, Duration.ofMillis(500));
		this.network.runFor(Duration.ofMillis(600));

		for (int core = 0; core < 4; core++) {
			long sent = 0;
			for (int port = 1; port <= 4; port++) {
				sent += counted("core-" + core, EGRESS, port);
			}
			assertThat(sent).as("core-%d forwards some of the demo's flows", core).isPositive();
		}
	}

	@Test
	void everyPacketOfOneFlowTakesOnePath() throws Exception {
		this.network.startTraffic(List.of(FlowSpec.udp("h-0-0-0", "h-2-0-0", 31000, 7000, 200, new ConstantRate(500))),
				Duration.ofMillis(200));
		this.network.runFor(Duration.ofMillis(300));

		List<Long> coresUsed = new ArrayList<>();
		for (int core = 0; core < 4; core++) {
			coresUsed.add(counted("core-" + core, INGRESS, 1));
		}
		assertThat(coresUsed).filteredOn((packets) -> packets > 0).as("one core carries the flow").hasSize(1);
		long edgeUplinks = counted("edge-0-0", EGRESS, 3) + counted("edge-0-0", EGRESS, 4);
		assertThat(Math.min(counted("edge-0-0", EGRESS, 3), counted("edge-0-0", EGRESS, 4))).isZero();
		assertThat(edgeUplinks).isEqualTo(100);
	}

	@Test
	void theProvisionedGroupsAndMembersReadBackOverP4Runtime() {
		EmulatedSwitch agg = this.network.switchNamed("agg-0-0");
		ActionProfileEntries profiles = new ActionProfileEntries(SondePipeline.p4Info());
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", agg.server().port())
			.deviceId(agg.spec().deviceId())
			.connect()) {
			List<Entity> members = client
				.read(List.of(Entities.of(profiles.allMembersOf(SondeEntities.NEXT_HOP_SELECTOR))));
			List<Entity> groups = client
				.read(List.of(Entities.of(profiles.allGroupsOf(SondeEntities.NEXT_HOP_SELECTOR))));

			assertThat(members).extracting((m) -> m.getActionProfileMember().getMemberId()).containsExactly(3, 4);
			assertThat(groups).as("one group per host of the other three pods").hasSize(12);
			assertThat(groups).allSatisfy(
					(g) -> assertThat(g.getActionProfileGroup().getMembersList()).extracting((m) -> m.getMemberId())
						.containsExactly(3, 4));
		}
	}

}
