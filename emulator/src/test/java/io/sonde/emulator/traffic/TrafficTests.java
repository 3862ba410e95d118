package io.sonde.emulator.traffic;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.UnknownNode;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.NetworkFactory;
import io.sonde.emulator.topology.RouteForwardingDataPlane;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Flows through routed fat trees in virtual time, counted at their destinations.
 */
class TrafficTests {

	private static final long SECOND = 1_000_000_000L;

	private final EventScheduler scheduler = new EventScheduler();

	private final VirtualClock clock = new VirtualClock(this.scheduler, Instant.EPOCH);

	private Network network(Topology topology, long seed) {
		return NetworkFactory.build(topology, this.scheduler, new RandomStreams(seed),
				RouteForwardingDataPlane.factory(ShortestPathRoutes.compute(topology)));
	}

	@Test
	void aConstantRateFlowArrivesWholeWithTheLatencyOfItsPath() {
		LinkParameters link = LinkParameters.ethernet(LinkParameters.GIGABIT, 2_000, 100);
		// FatTree(2): two hosts in different pods, six links apart.
		Network network = network(FatTree.build(2, link), 1);
		FlowSpec flow = FlowSpec.udp("h-0-0-0", "h-1-0-0", 40000, 5001, 500, new ConstantRate(10_000));
		TrafficRun run = Traffic.start(network, List.of(flow), 0, SECOND / 10);
		this.clock.runUntil(SECOND);

		FlowStatistics statistics = run.flow(0);
		assertThat(statistics.sentPackets()).isEqualTo(1000);
		assertThat(statistics.receivedPackets()).isEqualTo(1000);
		assertThat(statistics.receivedBytes()).isEqualTo(1000 * 500);
		long perLink = link.serializationNanos(500) + link.propagationDelayNanos();
		assertThat(statistics.minLatencyNanos()).isEqualTo(6 * perLink);
		assertThat(statistics.maxLatencyNanos()).isEqualTo(6 * perLink);
		assertThat(network.packetHops()).isEqualTo(6 * 1000);
	}

	@Test
	void aPoissonFlowSendsItsRateWithinAStatisticalBound() {
		Network network = network(FatTree.build(2), 2);
		double rate = 20_000;
		TrafficRun run = Traffic.start(network,
				List.of(FlowSpec.udp("h-0-0-0", "h-1-0-0", 40000, 5001, 200, new PoissonArrivals(rate))), 0, SECOND);
		this.clock.runUntil(2 * SECOND);
		double expected = rate;
		assertThat((double) run.flow(0).sentPackets()).isBetween(expected - 4 * Math.sqrt(expected),
				expected + 4 * Math.sqrt(expected));
		assertThat(run.flow(0).receivedPackets()).isEqualTo(run.flow(0).sentPackets());
		assertThat(run.flow(0).lastSentNanos()).isLessThan(SECOND);
	}

	@Test
	void tenThousandFlowsRunSideBySideOnAFatTree() {
		Topology topology = FatTree.build(4);
		Network network = network(topology, 3);
		List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
		List<FlowSpec> flows = FlowSets.randomPairs(hosts, 10_000, TransportProtocol.UDP, 200, new PoissonArrivals(20),
				new SplittableRandom(3));
		TrafficRun run = Traffic.start(network, flows, 0, SECOND);
		this.clock.runUntil(SECOND + SECOND / 10);

		assertThat(run.size()).isEqualTo(10_000);
		assertThat(run.flows()).allSatisfy(flow -> {
			assertThat(flow.sentPackets()).isPositive();
			assertThat(flow.receivedPackets()).isEqualTo(flow.sentPackets());
		});
		double expected = 10_000 * 20.0;
		assertThat((double) run.sentPackets()).isBetween(expected - 4 * Math.sqrt(expected),
				expected + 4 * Math.sqrt(expected));
		assertThat(network.packets().inUse()).isZero();
	}

	@Test
	void tcpShapedSegmentsArriveInOrderWithAdvancingSequenceNumbers() {
		Network network = network(FatTree.build(2), 4);
		List<Long> sequenceNumbers = new ArrayList<>();
		network.hostNamed("h-1-0-0")
			.nic()
			.addTap((point, time, packet, frame, length) -> sequenceNumbers.add(FrameChecks.u32(frame, 38)));
		FlowSpec flow = FlowSpec.tcp("h-0-0-0", "h-1-0-0", 40000, 80, 1000, new ConstantRate(1000));
		Traffic.start(network, List.of(flow), 0, SECOND / 100);
		this.clock.runUntil(SECOND);
		assertThat(sequenceNumbers).hasSize(10);
		for (int i = 1; i < sequenceNumbers.size(); i++) {
			assertThat((sequenceNumbers.get(i) - sequenceNumbers.get(i - 1)) & 0xFFFF_FFFFL).isEqualTo(1000 - 54);
		}
	}

	@Test
	void aRunWithRandomTrafficAndLossIsTheSameForTheSameSeed() {
		assertThat(lossyRun(7)).isEqualTo(lossyRun(7));
		assertThat(lossyRun(7)).isNotEqualTo(lossyRun(8));
	}

	private static List<String> lossyRun(long seed) {
		EventScheduler scheduler = new EventScheduler();
		Topology topology = FatTree.build(4, FatTree.DEFAULT_LINK.withLossProbability(0.05).withJitterNanos(500));
		Network network = NetworkFactory.build(topology, scheduler, new RandomStreams(seed),
				RouteForwardingDataPlane.factory(ShortestPathRoutes.compute(topology)));
		List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
		List<FlowSpec> flows = FlowSets.randomPairs(hosts, 50, TransportProtocol.UDP, 300,
				new OnOffBursts(new DurationDistribution.Exponential(20_000),
						new DurationDistribution.Exponential(100_000), 500_000),
				new SplittableRandom(seed));
		TrafficRun run = Traffic.start(network, flows, 0, SECOND / 20);
		new VirtualClock(scheduler, Instant.EPOCH).runUntil(SECOND / 10);
		return run.flows()
			.stream()
			.map(f -> f.sentPackets() + "/" + f.receivedPackets() + "/" + f.meanLatencyNanos())
			.toList();
	}

	@Test
	void stoppingARunEndsItsFlowsAtOnce() {
		Network network = network(FatTree.build(2), 5);
		TrafficRun run = Traffic.start(network,
				List.of(FlowSpec.udp("h-0-0-0", "h-1-0-0", 40000, 5001, 100, new ConstantRate(1000))), 0, SECOND);
		this.scheduler.schedule(SECOND / 10 + 1, run::stop);
		this.clock.runUntil(SECOND);
		assertThat(run.sentPackets()).isEqualTo(101);
	}

	@Test
	void rejectsAFlowBetweenHostsTheNetworkDoesNotHave() {
		Network network = network(FatTree.build(2), 6);
		assertThatThrownBy(() -> Traffic.start(network,
				List.of(FlowSpec.udp("h-0-0-0", "nowhere", 1, 2, 100, new ConstantRate(1))), 0, SECOND))
			.isInstanceOf(UnknownNode.class)
			.hasMessageContaining("nowhere");
		assertThatThrownBy(() -> FlowSpec.udp("a", "a", 1, 2, 100, new ConstantRate(1)))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("itself");
	}

}
