package io.sonde.emulator.sim.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.NetworkFactory;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.Traffic;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.emulator.traffic.TransportProtocol;

/**
 * Packet-hops per second of the network core in virtual time: a FatTree(4) whose 20
 * switches only forward (IPv4 /32 routes from {@link ShortestPathRoutes}), every host
 * sending a constant-rate UDP flow of 1000-byte frames to every other host (240 flows) at
 * half its line rate. A packet-hop is one frame delivered across one link.
 * <p>
 * Prints the measured rate as {@code BENCH emulator_packet_hops_per_s <value>} and, as
 * the baseline measured in the same run, the bare scheduler's events per second (a
 * packet-hop costs two events: end of transmission and arrival).
 * <p>
 * Arguments: {@code [virtualSeconds] [warmUpVirtualSeconds]}, default 2 and 0.5.
 */
public final class NetworkCoreBenchmark {

	private static final int K = 4;

	private static final int FRAME_BYTES = 1000;

	/** Each host offers this share of its 1 Gbit/s link, spread over its 15 flows. */
	private static final double HOST_LOAD = 0.5;

	private static final long SEED = 20_26L;

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private NetworkCoreBenchmark() {
	}

	public static void main(String[] args) {
		double measuredSeconds = (args.length > 0) ? Double.parseDouble(args[0]) : 2.0;
		double warmUpSeconds = (args.length > 1) ? Double.parseDouble(args[1]) : 0.5;
		long warmUpNanos = (long) (warmUpSeconds * NANOS_PER_SECOND);
		long endNanos = warmUpNanos + (long) (measuredSeconds * NANOS_PER_SECOND);

		Topology topology = FatTree.build(K);
		RoutingPlan routes = ShortestPathRoutes.compute(topology);
		EventScheduler scheduler = new EventScheduler();
		VirtualClock clock = new VirtualClock(scheduler, Instant.EPOCH);
		Network network = NetworkFactory.build(topology, scheduler, new RandomStreams(SEED),
				(spec, node) -> new ForwardingOnlyDataPlane(spec.mac().value(), routes.routesAt(spec.name())));
		List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
		LinkParameters link = FatTree.DEFAULT_LINK;
		double hostPacketsPerSecond = HOST_LOAD * link.bandwidthBitsPerSecond() / (FRAME_BYTES * 8.0);
		double flowPacketsPerSecond = hostPacketsPerSecond / (hosts.size() - 1);
		List<FlowSpec> flows = FlowSets.allPairs(hosts, TransportProtocol.UDP, FRAME_BYTES,
				new ConstantRate(flowPacketsPerSecond));
		TrafficRun traffic = Traffic.start(network, flows, 0, endNanos);

		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		clock.runUntil(warmUpNanos);
		long hopsBefore = network.packetHops();
		long eventsBefore = scheduler.firedEvents();
		long cpuBefore = threads.getCurrentThreadCpuTime();
		long wallBefore = System.nanoTime();
		clock.runUntil(endNanos);
		long wallNanos = System.nanoTime() - wallBefore;
		long cpuNanos = threads.getCurrentThreadCpuTime() - cpuBefore;
		long hops = network.packetHops() - hopsBefore;
		long events = scheduler.firedEvents() - eventsBefore;

		double hopsPerSecond = hops * (double) NANOS_PER_SECOND / wallNanos;
		double baselineEventsPerSecond = bareSchedulerEventsPerSecond(scheduler.pendingEvents() + 1000,
				Math.max(events, 10_000_000L));
		System.out.printf(Locale.ROOT,
				"FatTree(%d): %d switches, %d hosts, %d flows; %.2f s virtual after %.2f s warm-up%n", K,
				network.switches().size(), network.hosts().size(), flows.size(), measuredSeconds, warmUpSeconds);
		System.out.printf(Locale.ROOT,
				"  %d packet-hops, %d events in %.3f s wall (%.3f s CPU of this thread): %.0f hops/s, %.2f x real time%n",
				hops, events, wallNanos / 1e9, cpuNanos / 1e9, hopsPerSecond,
				(endNanos - warmUpNanos) / (double) wallNanos);
		System.out.printf(Locale.ROOT, "  packets: sent %d, delivered %d, pool high-water %d%n", traffic.sentPackets(),
				traffic.receivedPackets(), network.packets().created());
		System.out.printf(Locale.ROOT,
				"  baseline: bare scheduler %.0f events/s; the network runs %.0f events/s (%.2f of the baseline)%n",
				baselineEventsPerSecond, events * (double) NANOS_PER_SECOND / wallNanos,
				events * (double) NANOS_PER_SECOND / wallNanos / baselineEventsPerSecond);
		System.out.printf(Locale.ROOT, "BENCH emulator_packet_hops_per_s %.0f%n", hopsPerSecond);
	}

	/**
	 * Events per second of a bare scheduler holding {@code pending} events, each of which
	 * reschedules itself {@code pending} ns ahead (round robin, as the network's events
	 * mostly are): the cost of dispatching events with no model behind them.
	 */
	private static double bareSchedulerEventsPerSecond(int pending, long events) {
		EventScheduler scheduler = new EventScheduler();
		VirtualClock clock = new VirtualClock(scheduler, Instant.EPOCH);
		EventHandler reschedule = (subject, argument) -> scheduler.schedule(scheduler.now() + pending,
				(EventHandler) subject, subject, argument);
		for (int i = 0; i < pending; i++) {
			scheduler.schedule(i, reschedule, reschedule, 0);
		}
		clock.runUntilIdle(events / 4);
		long start = System.nanoTime();
		clock.runUntilIdle(events);
		return events * (double) NANOS_PER_SECOND / (System.nanoTime() - start);
	}

}
