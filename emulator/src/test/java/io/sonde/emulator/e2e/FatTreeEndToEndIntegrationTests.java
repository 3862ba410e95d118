package io.sonde.emulator.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.pipeline.GroundTruthSnapshot;
import io.sonde.emulator.pipeline.HopTruth;
import io.sonde.emulator.pipeline.ReportTruth;
import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.HostSpec;
import io.sonde.emulator.topology.RoutingPlan;
import io.sonde.emulator.topology.ShortestPathRoutes;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.traffic.FlowSets;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.emulator.traffic.PoissonArrivals;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The emulator end to end: a FatTree(4) of P4Runtime switches running sonde.p4 in virtual
 * time, provisioned over P4Runtime by the emulator's controller, carries 10 s of traffic
 * with INT on half of the flows; every telemetry report arrives on a UDP socket, decodes
 * with the p4-programs codecs, and says what happened: the switch ids are the flow's
 * path, and each hop's latency and queue occupancy are the emulated queue's wait and
 * depth for that packet at that switch. Links run at 10 Mbit/s so Poisson traffic queues.
 */
class FatTreeEndToEndIntegrationTests {

	private static final Duration TRAFFIC = Duration.ofSeconds(10);

	private final Topology fatTree = FatTree.build(4, LinkParameters.ethernet(10_000_000L, 1_000, 100));

	private EmulationHarness harness;

	@BeforeEach
	void start() throws Exception {
		this.harness = new EmulationHarness(this.fatTree,
				EmulationOptions.DEFAULTS.withSeed(4).withNanosPerTick(1).withGroundTruthCapacity(400_000));
	}

	@AfterEach
	void stop() throws Exception {
		this.harness.close();
	}

	@Test
	void everyReportDecodesAndMatchesTheEmulatedPathAndQueues() throws Exception {
		List<String> hosts = this.fatTree.hosts().stream().map(HostSpec::name).toList();
		List<FlowSpec> flows = FlowSets.randomPairs(hosts, 32, TransportProtocol.UDP, 500, new PoissonArrivals(150),
				new SplittableRandom(7));
		List<FlowSpec> withInt = flows.subList(0, 16);
		this.harness.provision(ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(withInt)));

		this.harness.emulated.startTraffic(flows, TRAFFIC);
		this.harness.run(TRAFFIC.plusSeconds(1));

		GroundTruthSnapshot truth = this.harness.emulated.groundTruth().snapshot();
		List<DecodedReport> reports = this.harness.reports();
		assertThat(reports).as("reports received").hasSize((int) this.harness.emulated.groundTruth().reportsRecorded());
		assertThat(reports.size()).as("INT flows crossing switches report").isGreaterThan(5_000);
		RoutingPlan routes = ShortestPathRoutes.compute(this.fatTree);
		Map<Integer, String> hostByAddress = new HashMap<>();
		this.fatTree.hosts().forEach((h) -> hostByAddress.put(h.ipv4().value(), h.name()));
		int queuedHops = 0;
		for (DecodedReport report : reports) {
			List<Long> path = switchIds(
					routes.path(hostByAddress.get(report.sourceIp()), hostByAddress.get(report.destinationIp())));
			assertThat(report.stackSwitchIds()).as("the stack: every switch but the sink, source first")
				.isEqualTo(path.subList(0, path.size() - 1));
			assertThat(report.nodeId()).as("the sink").isEqualTo(path.get(path.size() - 1));
			ReportTruth reported = truth.report(report.nodeId(), report.hwId(), report.sequence()).orElseThrow();
			List<HopTruth> hops = truth.hopsOf(reported.packetId());
			assertThat(hops).hasSameSizeAs(report.stack());
			for (int i = 0; i < hops.size(); i++) {
				IntHop hop = report.stack().get(i);
				HopTruth expected = hops.get(i);
				EmulatedQueueing.Departure departure = this.harness.queueing.at(reported.packetId(),
						expected.switchId());
				assertThat(hop.value(HopValue.HOP_LATENCY)).as("hop latency = ground truth")
					.isEqualTo(expected.hopLatency())
					.as("hop latency = the emulated queue's wait (ns ticks)")
					.isEqualTo(departure.waitNanos());
				assertThat(hop.value(HopValue.QUEUE_OCCUPANCY)).as("queue occupancy = ground truth")
					.isEqualTo(expected.queueOccupancy())
					.as("queue occupancy = packets left in the emulated queue")
					.isEqualTo((long) departure.depthAtDequeue());
				if (departure.waitNanos() > 0) {
					queuedHops++;
				}
			}
		}
		assertThat(queuedHops).as("some hops waited in a queue, so latency is not trivially 0").isGreaterThan(100);
	}

	private List<Long> switchIds(List<String> path) {
		List<Long> ids = new ArrayList<>();
		for (String node : path) {
			this.fatTree.switchNamed(node).ifPresent((s) -> ids.add(s.deviceId()));
		}
		return ids;
	}

}
