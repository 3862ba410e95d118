package io.sonde.emulator.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.pipeline.GroundTruthSnapshot;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.provision.EventFilterSpec;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;
import io.sonde.emulator.traffic.TrafficRun;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper 003's event pre-filter, configured over P4Runtime per flow: noop and the default
 * report every INT packet that reaches the sink, the per-hop, per-flow-sum and moving
 * average detectors report fewer. The expected counts are computed here, from the ground
 * truth of the hop latencies each packet carried, with the detectors' rules as
 * p4-programs/README.md states them (registers start at 0; a value is stored only when it
 * makes an event).
 */
class EventPreFilterIntegrationTests {

	private static final Duration TRAFFIC = Duration.ofSeconds(10);

	/** Hop latency threshold in the switches' ticks (microseconds). */
	private static final long THRESHOLD_MICROS = 1000;

	private static final int EMA_WEIGHT = 64;

	private static final int STACK_HOPS = 2;

	@Test
	void noopReportsEveryPacketAndThresholdsReportFewerAsTheGroundTruthPredicts() throws Exception {
		List<FlowSpec> intFlows = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			intFlows.add(FlowSpec.udp("h1", "h2", 20_000 + i, 5001, 500, new PoissonArrivals(400)));
		}
		FlowSpec background = FlowSpec.udp("h3", "h2", 30_000, 5001, 1000, new PoissonArrivals(1000));
		List<FlowSpec> flows = new ArrayList<>(intFlows);
		flows.add(background);
		Map<Integer, EventFilterSpec> filterBySourcePort = Map.of(20_000,
				new EventFilterSpec.FastDetection(EventAlgorithm.NOOP, EventMetric.HOP_LATENCY, 0, 0), 20_001,
				new EventFilterSpec.FastDetection(EventAlgorithm.PER_HOP_CHANGE, EventMetric.HOP_LATENCY,
						THRESHOLD_MICROS, 0),
				20_002,
				new EventFilterSpec.FastDetection(EventAlgorithm.FLOW_SUM_CHANGE, EventMetric.HOP_LATENCY,
						THRESHOLD_MICROS, 0),
				20_003, new EventFilterSpec.FastDetection(EventAlgorithm.MOVING_AVERAGE, EventMetric.HOP_LATENCY,
						THRESHOLD_MICROS / 3, EMA_WEIGHT),
				20_004, EventFilterSpec.EVERY_PACKET);
		ProvisioningOptions provisioning = ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(intFlows));
		for (FlowSpec flow : intFlows) {
			provisioning = provisioning.withEventFilter(flow, filterBySourcePort.get(flow.sourcePort()));
		}

		try (EmulationHarness harness = new EmulationHarness(LineOfThreeSwitches.withBottleneck(20_000_000L, 200),
				EmulationOptions.DEFAULTS.withSeed(3).withGroundTruthCapacity(200_000))) {
			harness.provision(provisioning);
			TrafficRun traffic = harness.emulated.startTraffic(flows, TRAFFIC);
			harness.run(TRAFFIC.plusSeconds(1));

			Map<Integer, Integer> reported = new HashMap<>();
			harness.reports().forEach((report) -> reported.merge(report.sourcePort(), 1, Integer::sum));
			Map<Integer, List<long[]>> latencies = hopLatenciesAtTheSink(harness, traffic, intFlows);

			int delivered = latencies.get(20_000).size();
			assertThat(delivered).as("INT packets that reached the sink").isGreaterThan(3_000);
			assertThat(reported.get(20_000)).as("noop").isEqualTo(delivered);
			assertThat(reported.get(20_004)).as("report_every_packet").isEqualTo(latencies.get(20_004).size());
			int perHop = perHopChangeEvents(latencies.get(20_001));
			int flowSum = flowSumChangeEvents(latencies.get(20_002));
			int average = movingAverageEvents(latencies.get(20_003));
			assertThat(reported.get(20_001)).as("per-hop change").isEqualTo(perHop);
			assertThat(reported.get(20_002)).as("per-flow sum change").isEqualTo(flowSum);
			assertThat(reported.get(20_003)).as("moving average").isEqualTo(average);
			assertThat(List.of(perHop, flowSum, average)).as("thresholds report fewer, but some")
				.allSatisfy((count) -> assertThat(count).isPositive().isLessThan(latencies.get(20_001).size() * 3 / 4));
			assertThat(reported).as("the background flow carries no INT").doesNotContainKey(30_000);
		}
	}

	/**
	 * For each INT flow (by source port), the hop latencies of every packet that reached
	 * the sink, in arrival order (one flow keeps its order: one path, FIFO queues),
	 * newest hop first as the filter indexes them.
	 */
	private static Map<Integer, List<long[]>> hopLatenciesAtTheSink(EmulationHarness harness, TrafficRun traffic,
			List<FlowSpec> intFlows) {
		GroundTruthSnapshot truth = harness.emulated.groundTruth().snapshot();
		Map<Integer, Integer> sourcePortByFlowIndex = new HashMap<>();
		for (int i = 0; i < intFlows.size(); i++) {
			sourcePortByFlowIndex.put(traffic.flowIndexOf(i), intFlows.get(i).sourcePort());
		}
		Map<Long, List<HopTruth>> hopsByPacket = new HashMap<>();
		truth.hops().forEach((hop) -> hopsByPacket.computeIfAbsent(hop.packetId(), (id) -> new ArrayList<>()).add(hop));
		Map<Integer, List<long[]>> latencies = new HashMap<>();
		intFlows.forEach((flow) -> latencies.put(flow.sourcePort(), new ArrayList<>()));
		hopsByPacket.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().size() == STACK_HOPS)
			.sorted(Map.Entry.comparingByKey(Comparator.naturalOrder()))
			.forEach((entry) -> {
				Integer port = sourcePortByFlowIndex.get(harness.queueing.flowOf(entry.getKey()));
				List<HopTruth> hops = entry.getValue();
				long[] newestFirst = new long[hops.size()];
				for (int h = 0; h < hops.size(); h++) {
					newestFirst[h] = hops.get(hops.size() - 1 - h).hopLatency();
				}
				latencies.get(port).add(newestFirst);
			});
		return latencies;
	}

	/** Some hop moved more than the threshold from the value stored at its last event. */
	private static int perHopChangeEvents(List<long[]> packets) {
		long[] stored = new long[STACK_HOPS];
		int events = 0;
		for (long[] hops : packets) {
			boolean event = false;
			for (int h = 0; h < hops.length; h++) {
				if (Math.abs(hops[h] - stored[h]) > THRESHOLD_MICROS) {
					stored[h] = hops[h];
					event = true;
				}
			}
			events += event ? 1 : 0;
		}
		return events;
	}

	/**
	 * The path sum moved more than the threshold from the sum stored at the last event.
	 */
	private static int flowSumChangeEvents(List<long[]> packets) {
		long stored = 0;
		int events = 0;
		for (long[] hops : packets) {
			long sum = sum(hops);
			if (Math.abs(sum - stored) > THRESHOLD_MICROS) {
				stored = sum;
				events++;
			}
		}
		return events;
	}

	/**
	 * The EMA of the path sum (new sample weighted {@value #EMA_WEIGHT}/256, integer
	 * arithmetic) moved more than a third of the threshold from its value at the last
	 * event.
	 */
	private static int movingAverageEvents(List<long[]> packets) {
		long average = 0;
		long reported = 0;
		int events = 0;
		for (long[] hops : packets) {
			average = (sum(hops) * EMA_WEIGHT + average * (256 - EMA_WEIGHT)) >> 8;
			if (Math.abs(average - reported) > THRESHOLD_MICROS / 3) {
				reported = average;
				events++;
			}
		}
		return events;
	}

	private static long sum(long[] values) {
		long sum = 0;
		for (long value : values) {
			sum += value;
		}
		return sum;
	}

}
