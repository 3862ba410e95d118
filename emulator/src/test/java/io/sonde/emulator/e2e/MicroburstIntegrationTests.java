package io.sonde.emulator.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.pipeline.GroundTruthSnapshot;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.traffic.DurationDistribution;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.OnOffBursts;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A microburst as paper 003 models them (bursty on/off traffic): bursts of 20 packets 100
 * µs apart into a 10 Mbit/s link that needs 419 µs per 500-byte frame. During each burst
 * s2's queue toward the slow link fills and the INT reports show it: the queue occupancy
 * and hop latency s2 writes are, packet for packet, the depth and wait of the emulated
 * queue, the latency grows through each burst, and the queue is empty again when the next
 * burst starts.
 */
class MicroburstIntegrationTests {

	private static final Duration TRAFFIC = Duration.ofSeconds(10);

	/** 500-byte frames plus 24 bytes of Ethernet framing at 10 Mbit/s. */
	private static final long SERVICE_NANOS = 524 * 8 * 100;

	private static final int PACKETS_PER_BURST = 20;

	@Test
	void aBurstRaisesQueueOccupancyAndHopLatencyInStepWithTheEmulatedQueue() throws Exception {
		FlowSpec bursty = FlowSpec.udp("h1", "h2", 20_000, 5001, 500, new OnOffBursts(
				new DurationDistribution.Fixed(2_000_000), new DurationDistribution.Fixed(15_000_000), 10_000));
		try (EmulationHarness harness = new EmulationHarness(LineOfThreeSwitches.withBottleneck(10_000_000L, 100),
				EmulationOptions.DEFAULTS.withSeed(5).withNanosPerTick(1).withGroundTruthCapacity(100_000))) {
			harness.provision(ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(bursty))));
			harness.emulated.startTraffic(List.of(bursty), TRAFFIC);
			harness.run(TRAFFIC.plusSeconds(1));

			List<DecodedReport> reports = harness.reports();
			GroundTruthSnapshot truth = harness.emulated.groundTruth().snapshot();
			assertThat(reports).hasSizeGreaterThan(500 * PACKETS_PER_BURST);
			List<List<IntHop>> bursts = new ArrayList<>();
			long previousIngress = 0;
			for (DecodedReport report : reports) {
				IntHop s1 = report.stack().get(0);
				IntHop s2 = report.stack().get(1);
				assertThat(s2.value(HopValue.SWITCH_ID)).isEqualTo(2L);
				long ingress = s1.value(HopValue.INGRESS_TS);
				if (bursts.isEmpty() || ingress - previousIngress > 1_000_000) {
					bursts.add(new ArrayList<>());
				}
				bursts.get(bursts.size() - 1).add(s2);
				previousIngress = ingress;
				checkAgainstTheEmulatedQueue(harness, truth, report, s2);
			}
			assertThat(bursts).hasSizeGreaterThan(500).allSatisfy(MicroburstIntegrationTests::risesThroughTheBurst);
		}
	}

	/** s2's values are what the network's own queue recorded for this packet. */
	private static void checkAgainstTheEmulatedQueue(EmulationHarness harness, GroundTruthSnapshot truth,
			DecodedReport report, IntHop s2) {
		long packetId = truth.report(report.nodeId(), report.hwId(), report.sequence()).orElseThrow().packetId();
		EmulatedQueueing.Departure departure = harness.queueing.at(packetId, 2);
		assertThat(s2.value(HopValue.HOP_LATENCY)).isEqualTo(departure.waitNanos());
		assertThat(s2.value(HopValue.QUEUE_OCCUPANCY)).isEqualTo((long) departure.depthAtDequeue());
	}

	/**
	 * The first packet of a burst finds the queue empty; each later one waits longer
	 * (they arrive faster than the link drains); the last waits for most of the burst.
	 */
	private static void risesThroughTheBurst(List<IntHop> burst) {
		assertThat(burst).hasSize(PACKETS_PER_BURST);
		assertThat(burst.get(0).value(HopValue.HOP_LATENCY)).as("an empty queue at the start of the burst").isZero();
		for (int i = 1; i < burst.size(); i++) {
			assertThat(burst.get(i).value(HopValue.HOP_LATENCY)).as("packet " + i + " of the burst waits longer")
				.isGreaterThan(burst.get(i - 1).value(HopValue.HOP_LATENCY));
		}
		long last = burst.get(burst.size() - 1).value(HopValue.HOP_LATENCY);
		assertThat(last).as("the last packet waits behind most of the burst")
			.isGreaterThan((PACKETS_PER_BURST / 2) * SERVICE_NANOS);
		long peakOccupancy = burst.stream().mapToLong((hop) -> hop.value(HopValue.QUEUE_OCCUPANCY)).max().orElse(0);
		assertThat(peakOccupancy).as("packets queued behind during the burst").isGreaterThanOrEqualTo(10);
	}

}
