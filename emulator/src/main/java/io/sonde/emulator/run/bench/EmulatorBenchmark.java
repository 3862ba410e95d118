package io.sonde.emulator.run.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.sim.bench.NetworkCoreBenchmark;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TransportProtocol;

/**
 * Packet-hops per second of the assembled emulator in virtual time: a FatTree(4) of 20
 * P4Runtime switches running sonde.p4 over the state the emulator's controller wrote
 * through P4Runtime, INT on every packet (all nine items; the sink reports each one),
 * every report built (encoded as TR-2.0) at the sink. The headline figure keeps the
 * reports inside the emulator, which is how paper reproductions run (they count reports,
 * they do not need a kernel socket per report); a second figure sends every report as a
 * real UDP datagram to a collector socket on 127.0.0.1, as the demo does. The traffic is
 * {@link NetworkCoreBenchmark}'s: every host sends a constant-rate UDP flow of 1000-byte
 * frames to every other host (240 flows) at half its 1 Gbit/s line rate. A packet-hop is
 * one frame delivered across one link.
 * <p>
 * The baseline, in the same JVM: {@link NetworkCoreBenchmark}, the same network core with
 * forwarding-only switches and no P4Runtime behind them; its output is captured and its
 * figure printed as the baseline.
 * <p>
 * Prints {@code BENCH emulator_packet_hops_per_s <value>} (reports kept in the emulator)
 * and {@code BENCH emulator_packet_hops_per_s_udp_reports <value>}. Arguments:
 * {@code [virtualSeconds] [warmUpVirtualSeconds]}, default 1 and 0.25.
 */
public final class EmulatorBenchmark {

	private static final int FRAME_BYTES = 1000;

	private static final double HOST_LOAD = 0.5;

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private static final Pattern BENCH_LINE = Pattern.compile("BENCH emulator_packet_hops_per_s (\\d+)");

	private EmulatorBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		double measuredSeconds = (args.length > 0) ? Double.parseDouble(args[0]) : 1.0;
		double warmUpSeconds = (args.length > 1) ? Double.parseDouble(args[1]) : 0.25;
		// Each switch logs its start and stop at INFO; the figures are what matters here.
		Logger.getLogger("").setLevel(Level.WARNING);
		double baseline = baselineHopsPerSecond();
		Measured inMemory = measure(measuredSeconds, warmUpSeconds, false);
		Measured udp = measure(measuredSeconds, warmUpSeconds, true);
		System.out
			.printf(Locale.ROOT,
					"FatTree(4) emulated: 20 P4Runtime switches (sonde.p4, provisioned over P4Runtime), 240 UDP flows, "
							+ "INT on every packet; %.2f s virtual after %.2f s warm-up%n",
					measuredSeconds, warmUpSeconds);
		double headline = print("reports kept in the emulator", inMemory, measuredSeconds, baseline);
		double withUdp = print("every report sent as a UDP datagram", udp, measuredSeconds, baseline);
		System.out.printf(Locale.ROOT,
				"  baseline: network core with forwarding-only switches (NetworkCoreBenchmark) %.0f hops/s%n",
				baseline);
		System.out.printf(Locale.ROOT, "BENCH emulator_packet_hops_per_s %.0f%n", headline);
		System.out.printf(Locale.ROOT, "BENCH emulator_packet_hops_per_s_udp_reports %.0f%n", withUdp);
	}

	private static double print(String what, Measured measured, double measuredSeconds, double baseline) {
		double hopsPerSecond = measured.hops() * (double) NANOS_PER_SECOND / measured.wallNanos();
		System.out.printf(Locale.ROOT,
				"  %s: %d packet-hops, %d reports in %.3f s wall: %.0f hops/s, "
						+ "%.2f x real time, %.2f x baseline%n",
				what, measured.hops(), measured.reports(), measured.wallNanos() / 1e9, hopsPerSecond,
				measuredSeconds * NANOS_PER_SECOND / measured.wallNanos(), hopsPerSecond / baseline);
		return hopsPerSecond;
	}

	private record Measured(long hops, long reports, long wallNanos) {
	}

	private static Measured measure(double measuredSeconds, double warmUpSeconds, boolean sendReports)
			throws IOException {
		long warmUp = (long) (warmUpSeconds * NANOS_PER_SECOND);
		long measured = (long) (measuredSeconds * NANOS_PER_SECOND);
		Topology topology = FatTree.build(4);
		try (DatagramChannel collector = DatagramChannel.open()) {
			collector.bind(new InetSocketAddress("127.0.0.1", 0));
			try (EmulatedNetwork emulated = EmulatedNetwork.start(topology,
					EmulationOptions.DEFAULTS.withSeed(2026)
						.withP4RuntimeBasePort(0)
						.withCollector(sendReports ? (InetSocketAddress) collector.getLocalAddress() : null)
						.withGroundTruthCapacity(0))) {
				NetworkProvisioner.withDefaults()
					.apply(ProvisioningPlan.of(emulated.topology(),
							ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.every())));
				emulated.startTraffic(flows(topology), Duration.ofNanos(warmUp + measured));
				VirtualClock clock = (VirtualClock) emulated.clock();
				clock.runUntil(warmUp);
				long hopsBefore = emulated.network().packetHops();
				long reportsBefore = emulated.status().reports();
				long start = System.nanoTime();
				clock.runUntil(warmUp + measured);
				long wall = System.nanoTime() - start;
				return new Measured(emulated.network().packetHops() - hopsBefore,
						emulated.status().reports() - reportsBefore, wall);
			}
		}
	}

	private static List<FlowSpec> flows(Topology topology) {
		List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
		LinkParameters link = FatTree.DEFAULT_LINK;
		double flowRate = HOST_LOAD * link.bandwidthBitsPerSecond() / (FRAME_BYTES * 8.0) / (hosts.size() - 1);
		return FlowSets.allPairs(hosts, TransportProtocol.UDP, FRAME_BYTES, new ConstantRate(flowRate));
	}

	/** Runs NetworkCoreBenchmark with its output captured and returns its figure. */
	private static double baselineHopsPerSecond() {
		PrintStream console = System.out;
		ByteArrayOutputStream captured = new ByteArrayOutputStream();
		System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
		try {
			NetworkCoreBenchmark.main(new String[0]);
		}
		finally {
			System.setOut(console);
		}
		Matcher figure = BENCH_LINE.matcher(captured.toString(StandardCharsets.UTF_8));
		if (!figure.find()) {
			throw new IllegalStateException("NetworkCoreBenchmark printed no figure: " + captured);
		}
		return Double.parseDouble(figure.group(1));
	}

}
