package io.sonde.emulator.pipeline.bench;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.pipeline.GroundTruth;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.NetworkFactory;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.Traffic;
import io.sonde.emulator.traffic.TransportProtocol;

/**
 * Packet-hops per second of a FatTree(4) in virtual time whose 20 switches run sonde.p4
 * ({@link io.sonde.emulator.pipeline.SondeSwitch}): every host sends a constant-rate UDP
 * flow of 1000-byte frames to every other host (240 flows) at half its line rate. Two
 * runs in one process: the baseline with an empty watchlist (sonde.p4 forwarding only)
 * and the INT run with every flow on the watchlist (all nine INT items, a report per
 * packet at the sink, ground truth kept for the last 100k hops). A packet-hop is one
 * frame delivered across one link.
 * <p>
 * Prints {@code BENCH sonde_p4_int_packet_hops_per_s <value>} and the ratio to the
 * baseline. Arguments: {@code [virtualSeconds] [warmUpVirtualSeconds]}, default 1 and
 * 0.25.
 */
public final class SondePipelineBenchmark {

	private static final int FRAME_BYTES = 1000;

	private static final double HOST_LOAD = 0.5;

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private static final int ALL_ITEMS = 0xFF80;

	private SondePipelineBenchmark() {
	}

	/** One run's figures. */
	private record Run(long hops, long wallNanos, long reports) {

		double hopsPerSecond() {
			return this.hops * (double) NANOS_PER_SECOND / this.wallNanos;
		}

	}

	public static void main(String[] args) {
		double measuredSeconds = (args.length > 0) ? Double.parseDouble(args[0]) : 1.0;
		double warmUpSeconds = (args.length > 1) ? Double.parseDouble(args[1]) : 0.25;
		long warmUp = (long) (warmUpSeconds * NANOS_PER_SECOND);
		long end = warmUp + (long) (measuredSeconds * NANOS_PER_SECOND);
		Run baseline = run(0, warmUp, end);
		Run withInt = run(ALL_ITEMS, warmUp, end);
		System.out.printf(Locale.ROOT, "FatTree(4), 240 UDP flows, %.2f s virtual after %.2f s warm-up%n",
				measuredSeconds, warmUpSeconds);
		System.out.printf(Locale.ROOT, "  sonde.p4 forwarding only: %d packet-hops in %.3f s: %.0f hops/s%n",
				baseline.hops(), baseline.wallNanos() / 1e9, baseline.hopsPerSecond());
		System.out.printf(Locale.ROOT,
				"  sonde.p4 with INT on every flow: %d packet-hops, %d reports in %.3f s: %.0f hops/s (%.2f of the"
						+ " forwarding-only run)%n",
				withInt.hops(), withInt.reports(), withInt.wallNanos() / 1e9, withInt.hopsPerSecond(),
				withInt.hopsPerSecond() / baseline.hopsPerSecond());
		System.out.printf(Locale.ROOT, "BENCH sonde_p4_int_packet_hops_per_s %.0f%n", withInt.hopsPerSecond());
	}

	private static Run run(int instructions, long warmUp, long end) {
		Topology topology = FatTree.build(4);
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		EventScheduler scheduler = new EventScheduler();
		VirtualClock clock = new VirtualClock(scheduler, Instant.EPOCH);
		GroundTruth truth = GroundTruth.bounded(100_000, 100_000);
		Network network = NetworkFactory.build(topology, scheduler, new RandomStreams(2026),
				new SondeFabric(topology, routes, instructions, truth));
		long[] reports = new long[1];
		network.switches().forEach((node) -> node.setReportSink((n, t, frame, offset, length) -> reports[0]++));
		List<String> hosts = SondeFabric.hostNames(topology);
		LinkParameters link = FatTree.DEFAULT_LINK;
		double flowRate = HOST_LOAD * link.bandwidthBitsPerSecond() / (FRAME_BYTES * 8.0) / (hosts.size() - 1);
		List<FlowSpec> flows = FlowSets.allPairs(hosts, TransportProtocol.UDP, FRAME_BYTES, new ConstantRate(flowRate));
		Traffic.start(network, flows, 0, end);
		clock.runUntil(warmUp);
		long hopsBefore = network.packetHops();
		long reportsBefore = reports[0];
		long start = System.nanoTime();
		clock.runUntil(end);
		return new Run(network.packetHops() - hopsBefore, System.nanoTime() - start, reports[0] - reportsBefore);
	}

}
