package io.sonde.emulator.topology;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.Traffic;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.emulator.traffic.TransportProtocol;

import static org.assertj.core.api.Assertions.assertThat;

class NetworkFactoryTests {

	@Test
	void buildsTheNodesPortsAndLinksOfTheTopology() {
		Topology topology = FatTree.build(4);
		Network network = NetworkFactory.build(topology, new EventScheduler(), new RandomStreams(1),
				DataPlaneFactory.NONE);
		assertThat(network.switches()).hasSize(20);
		assertThat(network.hosts()).hasSize(16);
		assertThat(network.links()).hasSize(48);
		SwitchNode core = network.switchNamed("core-2");
		assertThat(core.deviceId()).isEqualTo(topology.switchNamed("core-2").orElseThrow().deviceId());
		assertThat(core.ports()).hasSize(4).allSatisfy(port -> assertThat(port.isConnected()).isTrue());
		assertThat(core.port(1).peer().node().name()).isEqualTo("agg-0-1");
		HostNode host = network.hostNamed("h-1-0-1");
		assertThat(host.gatewayMac()).isEqualTo(network.switchNamed("edge-1-0").mac());
		assertThat(host.nic().number()).isEqualTo(1);
		assertThat(host.nic().queue().capacity()).isEqualTo(FatTree.DEFAULT_LINK.queueCapacityPackets());
	}

	@Test
	void givesEachSwitchTheDataPlaneOfTheFactory() {
		Topology topology = IntLabelFabric.build();
		List<String> asked = new ArrayList<>();
		Network network = NetworkFactory.build(topology, new EventScheduler(), new RandomStreams(1), (spec, node) -> {
			asked.add(spec.name() + "=" + node.name());
			return context -> context.emit(1);
		});
		assertThat(asked).hasSize(12).allSatisfy(entry -> {
			String[] parts = entry.split("=");
			assertThat(parts[0]).isEqualTo(parts[1]);
		});
		assertThat(network.switches()).allSatisfy(s -> assertThat(s.dataPlane()).isNotNull());
	}

	@Test
	void routedSwitchesDeliverBetweenEveryPairOfHosts() {
		for (Topology topology : List.of(FatTree.build(4), IntLabelFabric.build(), WattsStrogatz.build(12, 4, 0.3, 2),
				TopologySpecs.parse("file:" + exampleFile()))) {
			EventScheduler scheduler = new EventScheduler();
			Network network = NetworkFactory.build(topology, scheduler, new RandomStreams(1),
					RouteForwardingDataPlane.factory(ShortestPathRoutes.compute(topology)));
			List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
			TrafficRun run = Traffic.start(network,
					FlowSets.allPairs(hosts, TransportProtocol.UDP, 100, new ConstantRate(1000)), 0, 10_000_000);
			new VirtualClock(scheduler, Instant.EPOCH).runUntil(100_000_000);
			long lossy = topology.links().stream().filter(l -> l.parameters().lossProbability() > 0).count();
			run.flows().forEach(flow -> {
				assertThat(flow.sentPackets()).as(flow.toString()).isEqualTo(10);
				if (lossy == 0) {
					assertThat(flow.receivedPackets()).as(flow.toString()).isEqualTo(10);
				}
				else {
					assertThat(flow.receivedPackets()).as(flow.toString()).isPositive();
				}
			});
		}
	}

	private static String exampleFile() {
		try {
			return Path.of(NetworkFactoryTests.class.getResource("/topology/two-switches.json").toURI()).toString();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
