package io.sonde.javacollector.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.sim.VirtualClock;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CaptureUnreadable;
import io.sonde.p4programs.capture.CapturedFrame;

/**
 * Telemetry reports of an emulated FatTree(4) in virtual time: sonde.p4 on its 20
 * switches, INT (all nine items) on every packet of {@code flows} constant-rate UDP flows
 * between random host pairs (one whole-nanosecond period for all, each flow started at a
 * random phase within it: steady traffic whose pattern repeats every period, rather than
 * a burst of every flow at once), a TR2.0 report per packet at its sink, every report
 * frame written to a pcap through the emulator's report capture. INT timestamps tick in
 * nanoseconds, so latencies are in the paper's unit.
 */
public final class EmulatedReports {

	/** The UDP destination port of the emulator's reports. */
	public static final int REPORT_PORT = 32766;

	/**
	 * Each flow's rate is drawn within ± this fraction of the mean: every flow starts at
	 * time 0, and equal rates would keep their packets in lockstep (a burst of every flow
	 * at once, each period) instead of steady traffic.
	 */
	public static final double RATE_SPREAD = 0.1;

	private EmulatedReports() {
	}

	/**
	 * What one run made.
	 *
	 * @param pcap the report capture
	 * @param reports reports the switches emitted
	 * @param virtualNanos emulated time run
	 */
	public record Run(Path pcap, long reports, long virtualNanos) {
	}

	/**
	 * Runs the workload for {@code duration} of virtual time.
	 * @param pcap where the reports go
	 * @param flows number of flows (distinct 5-tuples)
	 * @param packetsPerSecond rate of each flow
	 * @param frameBytes frame size of the data packets
	 * @param duration virtual time
	 * @param seed flow placement and the emulator's random streams
	 */
	public static Run capture(Path pcap, int flows, double packetsPerSecond, int frameBytes, Duration duration,
			long seed) {
		Topology topology = FatTree.build(4);
		List<String> hosts = topology.hosts().stream().map(HostSpec::name).toList();
		SplittableRandom random = new SplittableRandom(seed);
		long period = Math.max(1, Math.round(1e9 / packetsPerSecond));
		List<FlowSpec> specs = FlowSets.randomPairs(hosts, flows, TransportProtocol.UDP, frameBytes,
				new ConstantRate(1e9 / period), random);
		long[] phases = new long[flows];
		Integer[] order = new Integer[flows];
		for (int i = 0; i < flows; i++) {
			phases[i] = random.nextLong(period);
			order[i] = i;
		}
		java.util.Arrays.sort(order, java.util.Comparator.comparingLong((i) -> phases[i]));
		try (EmulatedNetwork emulated = EmulatedNetwork.start(topology,
				EmulationOptions.DEFAULTS.withSeed(seed)
					.withNanosPerTick(1)
					.withP4RuntimeBasePort(0)
					.withCollector(null)
					.withReportCapture(pcap)
					.withGroundTruthCapacity(0))) {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(),
						ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.every())));
			VirtualClock clock = (VirtualClock) emulated.clock();
			for (int i : order) {
				clock.runUntil(phases[i]);
				emulated.startTraffic(List.of(specs.get(i)), Duration.ofNanos(duration.toNanos() - phases[i]));
			}
			clock.runUntil(duration.toNanos());
			return new Run(pcap, emulated.status().reports(), duration.toNanos());
		}
	}

	/** Hands every frame of a capture, in order, with its timestamp in nanoseconds. */
	public static long readFrames(Path pcap, FrameConsumer consumer) throws IOException {
		long frames = 0;
		try (CaptureReader reader = CaptureReader.open(pcap)) {
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				long nanos = frame.timestamp().getEpochSecond() * 1_000_000_000L + frame.timestamp().getNano();
				consumer.accept(frame.data(), nanos);
				frames++;
			}
		}
		catch (CaptureUnreadable ex) {
			throw new IOException("cannot read " + pcap + ": " + ex.getMessage(), ex);
		}
		return frames;
	}

	/** Every frame of a capture, in order. */
	public static List<byte[]> frames(Path pcap) throws IOException {
		List<byte[]> frames = new java.util.ArrayList<>();
		readFrames(pcap, (frame, nanos) -> frames.add(frame));
		return frames;
	}

	/** Receives one captured frame. */
	@FunctionalInterface
	public interface FrameConsumer {

		void accept(byte[] frame, long timestampNanos);

	}

}
