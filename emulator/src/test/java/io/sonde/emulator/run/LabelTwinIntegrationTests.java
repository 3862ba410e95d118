package io.sonde.emulator.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.emulator.net.HostNode;
import io.sonde.emulator.net.PacketReceiver;
import io.sonde.emulator.pipeline.LabelCounter;
import io.sonde.emulator.provision.LabelingSpec;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.state.IndexedCounter;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.PacketIn;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sonde.p4's INT-label twin on a line of three P4Runtime switches (h1 - s1 - s2 - s3 -
 * h3) in virtual time, provisioned by the emulator's controller over P4Runtime: s3's
 * exports reach its controller as PacketIns, h3 receives the packets restored, the
 * counters are the P4Runtime server's, and a Reg2 write over P4Runtime changes how often
 * a port labels.
 */
class LabelTwinIntegrationTests {

	private static final int FRAME_BYTES = 1000;

	private final Topology line = TopologyJson.read(Path.of("src/test/resources/topology/three-switch-line.json"));

	private EmulatedNetwork emulated;

	private final AtomicLong deliveredLabeled = new AtomicLong();

	private final AtomicLong delivered = new AtomicLong();

	@BeforeEach
	void start() {
		this.emulated = EmulatedNetwork.start(this.line,
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0));
	}

	/**
	 * Counts what h3 receives, before the traffic's own statistics (virtual time: nothing
	 * runs between starting the traffic and the next runFor).
	 */
	private void watchDeliveries() {
		HostNode h3 = this.emulated.network().hostNamed("h3");
		PacketReceiver traffic = h3.receiver();
		h3.setReceiver((host, packet, timestamp) -> {
			this.delivered.incrementAndGet();
			if (LabelCodec.recogniseFrame(packet.frame(), 0, packet.length())) {
				this.deliveredLabeled.incrementAndGet();
			}
			traffic.received(host, packet, timestamp);
		});
	}

	@AfterEach
	void stop() {
		this.emulated.close();
	}

	@Test
	void lastHopExportsReachTheControllerAsPacketInsAndHostsGetPacketsRestored() throws Exception {
		FlowSpec specific = FlowSpec.udp("h1", "h3", 31001, 7000, FRAME_BYTES, new ConstantRate(200));
		provision(LabelingSpec.of(LabelingSpec.Mode.BASE_A, 10_000)
			.withSpecificFlows(List.of(new LabelingSpec.SpecificFlow(specific, 0))));

		try (P4RuntimeClient controllerOfS3 = controller("s3")) {
			LinkedBlockingQueue<PacketIn> packetIns = new LinkedBlockingQueue<>();
			controllerOfS3.onPacketIn(packetIns::add);
			this.emulated.startTraffic(
					List.of(FlowSpec.udp("h1", "h3", 31000, 7000, FRAME_BYTES, new ConstantRate(1000)), specific),
					Duration.ofMillis(100));
			watchDeliveries();
			this.emulated.runFor(Duration.ofMillis(150));

			IndexedCounter exported = counter("s3", LabelCounter.EXPORTS);
			List<LabeledPacket> exports = awaitExports(packetIns, exported.packets(2));
			assertThat(exports).as("every export s3 counted on its port toward h3 reached the controller")
				.hasSize((int) exported.packets(2));
			List<LabeledPacket> ofSpecific = exports.stream().filter(LabeledPacket::specificFlow).toList();
			assertThat(ofSpecific).as("every packet of the specific flow").hasSizeGreaterThanOrEqualTo(15);
			for (LabeledPacket export : ofSpecific) {
				assertThat(export.items()).extracting(LabelItem::deviceId).containsExactly(1L, 2L, 3L);
				assertThat(export.items()).extracting(LabelItem::reason).containsOnly(LabelReason.SPECIFIC_FLOW);
				assertThat(export.sourcePort()).isEqualTo(31001);
			}
			for (LabeledPacket export : exports) {
				List<Long> devices = export.items().stream().map(LabelItem::deviceId).toList();
				assertThat(devices).as("path order").isSorted().doesNotHaveDuplicates();
				assertThat(export.items()).extracting(LabelItem::labelTime).isSorted();
			}
			assertThat(exports.stream().filter((export) -> !export.specificFlow()))
				.as("the other flow is labeled by interval, about every 10 ms per port")
				.isNotEmpty()
				.allSatisfy((export) -> assertThat(export.items()).extracting(LabelItem::reason)
					.containsOnly(LabelReason.INTERVAL));
			assertThat(this.deliveredLabeled.get()).as("labels never reach a host").isZero();
			assertThat(this.delivered.get()).isGreaterThanOrEqualTo(100);
			IndexedCounter carried = counter("s2", LabelCounter.CARRIED);
			assertThat(carried.packets(SondePipeline.labelCarriedCell(2, 2))).as("s2 forwards specific packets with 2")
				.isGreaterThanOrEqualTo(ofSpecific.size());
		}
	}

	@Test
	void aLabelShiftWrittenOverP4RuntimeMakesThePortLabelMoreOften() throws Exception {
		provision(LabelingSpec.of(LabelingSpec.Mode.BASE_A, 40_000));
		FlowSpec flow = FlowSpec.udp("h1", "h3", 31000, 7000, FRAME_BYTES, new ConstantRate(1000));
		int cell = SondePipeline.labelDecisionCell(2, SondePipeline.LabelDecision.INTERVAL);
		IndexedCounter decisions = counter("s1", LabelCounter.DECISIONS);

		try (P4RuntimeClient controllerOfS1 = controller("s1")) {
			this.emulated.startTraffic(List.of(flow), Duration.ofMillis(400));
			this.emulated.runFor(Duration.ofMillis(200));
			long before = decisions.packets(cell);
			controllerOfS1
				.write(List.of(Updates.modify(SondeEntities.ofPipeline().labelShift(2, 3).getRegisterEntry())));
			this.emulated.runFor(Duration.ofMillis(200));
			long after = decisions.packets(cell) - before;

			assertThat(before).as("T = 40 ms over 200 ms").isBetween(4L, 6L);
			assertThat(after).as("T >> 3 = 5 ms over 200 ms: a label every 6 packets 1 ms apart").isBetween(30L, 36L);
		}
	}

	@Test
	void baseBRunsRepeatForASeedSinceEachSwitchDrawsFromItsOwnStream() throws Exception {
		List<LabeledPacket> first = baseBRun(this.emulated);
		List<LabeledPacket> second;
		try (EmulatedNetwork again = EmulatedNetwork.start(this.line,
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0))) {
			second = baseBRun(again);
		}

		assertThat(first).as("Base B labeled by probability")
			.anySatisfy((export) -> assertThat(export.items()).extracting(LabelItem::reason)
				.contains(LabelReason.PROBABILITY));
		assertThat(second).isEqualTo(first);
	}

	/**
	 * Base B with F2, s2's port labeling twice as often (S = 1) so the ports fall out of
	 * step and draw; 300 ms of traffic; the exports in order.
	 */
	private static List<LabeledPacket> baseBRun(EmulatedNetwork network) throws Exception {
		NetworkProvisioner.withDefaults()
			.apply(ProvisioningPlan.of(network.topology(),
					ProvisioningOptions.DEFAULTS.withLabeling(LabelingSpec.of(LabelingSpec.Mode.BASE_B, 10_000)
						.withMaxHop(4)
						.withProbability(LabelingSpec.Probability.F2))));
		EmulatedSwitch s3 = network.switchNamed("s3");
		try (P4RuntimeClient controllerOfS2 = controller(network.switchNamed("s2"))) {
			controllerOfS2
				.write(List.of(Updates.modify(SondeEntities.ofPipeline().labelShift(2, 1).getRegisterEntry())));
		}
		try (P4RuntimeClient controllerOfS3 = controller(s3)) {
			LinkedBlockingQueue<PacketIn> packetIns = new LinkedBlockingQueue<>();
			controllerOfS3.onPacketIn(packetIns::add);
			network.startTraffic(List.of(FlowSpec.udp("h1", "h3", 31000, 7000, FRAME_BYTES, new ConstantRate(2000))),
					Duration.ofMillis(300));
			network.runFor(Duration.ofMillis(350));
			IndexedCounter exported = s3.server().state().counter(LabelCounter.EXPORTS.p4Name());
			assertThat(s3.packetInsDropped()).as("s3's CPU port held every export of the burst").isZero();
			return awaitExports(packetIns, exported.packets(2));
		}
	}

	private void provision(LabelingSpec labeling) {
		NetworkProvisioner.withDefaults()
			.apply(ProvisioningPlan.of(this.emulated.topology(), ProvisioningOptions.DEFAULTS.withLabeling(labeling)));
	}

	private P4RuntimeClient controller(String switchName) {
		return controller(this.emulated.switchNamed(switchName));
	}

	/** A primary controller that keeps what the provisioner wrote (no new pipeline). */
	private static P4RuntimeClient controller(EmulatedSwitch emulatedSwitch) {
		P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", emulatedSwitch.server().port())
			.deviceId(emulatedSwitch.spec().deviceId())
			.electionId(5)
			.connect();
		client.awaitPrimary(Duration.ofSeconds(10));
		return client;
	}

	private IndexedCounter counter(String switchName, LabelCounter counter) {
		return this.emulated.switchNamed(switchName).server().state().counter(counter.p4Name());
	}

	/** The exports as they arrive, decoded, until {@code count} have (20 s at most). */
	private static List<LabeledPacket> awaitExports(LinkedBlockingQueue<PacketIn> packetIns, long count)
			throws InterruptedException, MalformedTelemetry {
		List<LabeledPacket> exports = new ArrayList<>();
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (exports.size() < count && System.nanoTime() < deadline) {
			PacketIn packetIn = packetIns.poll(100, TimeUnit.MILLISECONDS);
			if (packetIn != null) {
				assertThat(Bytestrings.toLong(packetIn.getMetadata(0).getValue())).as("ingress_port: s3's port 1")
					.isEqualTo(1);
				exports.add(LabelCodec.decode(packetIn.getPayload().toByteArray()));
			}
		}
		return exports;
	}

}
