package io.sonde.emulator.run;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.InMemorySondeRegisters;
import io.sonde.emulator.pipeline.InMemorySondeTables;
import io.sonde.emulator.pipeline.ProbeCounters;
import io.sonde.emulator.pipeline.ProbeDrop;
import io.sonde.emulator.pipeline.ProbeSettings;
import io.sonde.emulator.pipeline.SondeIngress;
import io.sonde.emulator.pipeline.SondeSwitch;
import io.sonde.emulator.pipeline.SondeSwitchOptions;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ProbeHop;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.bytes.Bytestrings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * GPINT probes on a line of three emulated switches in virtual time (s1 port 2 → s2 port
 * 1, s2 port 2 → s3 port 1), each running sonde.p4's twin with switch id 10 + device id:
 * a probe injected at s1 by PacketOut to the CPU port comes back from s3 completed, each
 * hop answers the previous one with feedback, and SQR turns a copy no feedback released
 * into a recovery notification after t_f of emulated time.
 */
class GpintProbeIntegrationTests {

	private static final byte[] SWITCH_MAC = { 2, 0x53, 0, 0, 0, 1 };

	private static final byte[] MONITOR_MAC = { 2, 0, 0, 0, (byte) 0xC0, 1 };

	/** Each switch reports ingress packet counters of ports 1 and 2. */
	private static final List<SourceRouteEntry> LINE = List.of(new SourceRouteEntry(2, 1, 2),
			new SourceRouteEntry(2, 1, 2), new SourceRouteEntry(0, 1, 2));

	private final Map<String, SondeSwitch> dataPlanes = new ConcurrentHashMap<>();

	private final Map<String, InMemorySondeTables> tables = new ConcurrentHashMap<>();

	private final List<Seen> packetIns = new ArrayList<>();

	private EmulatedNetwork emulated;

	/** A PacketIn a switch sent, decoded. */
	record Seen(String switchName, int ingressPort, GpintProbe probe) {
	}

	@BeforeEach
	void start() {
		Topology line = TopologyJson.read(Path.of("src/test/resources/topology/three-switch-line.json"));
		this.emulated = EmulatedNetwork.start(line,
				EmulationOptions.DEFAULTS.withCollector(null)
					.withP4RuntimeBasePort(0)
					.withDataPlanes((emulatedSwitch, truth) -> {
						InMemorySondeTables switchTables = new InMemorySondeTables();
						switchTables.setIntNodeId(10 + emulatedSwitch.spec().deviceId());
						SondeSwitch dataPlane = new SondeSwitch(switchTables, new InMemorySondeRegisters(), truth,
								SondeSwitchOptions.DEFAULTS);
						this.tables.put(emulatedSwitch.name(), switchTables);
						this.dataPlanes.put(emulatedSwitch.name(), dataPlane);
						return dataPlane;
					}));
	}

	@AfterEach
	void stop() {
		this.emulated.close();
	}

	@Test
	void aProbePacketOutToTheCpuPortComesBackCompletedWithThreeHopsInPathOrder() throws Exception {
		EmulatedSwitch s1 = this.emulated.switchNamed("s1");
		EmulatedSwitch s3 = this.emulated.switchNamed("s3");
		try (P4RuntimeClient controllerOfS1 = SondeController.primaryWithPipeline(s1);
				P4RuntimeClient controllerOfS3 = SondeController.primaryWithPipeline(s3)) {
			LinkedBlockingQueue<PacketIn> atS1 = new LinkedBlockingQueue<>();
			LinkedBlockingQueue<PacketIn> atS3 = new LinkedBlockingQueue<>();
			controllerOfS1.onPacketIn(atS1::add);
			controllerOfS3.onPacketIn(atS3::add);

			controllerOfS1.packetOut(probeFrame(GpintProbe.start(42, ProbeRequestType.PORT_PACKETS, LINE)),
					List.of(PacketMetadata.newBuilder()
						.setMetadataId(1)
						.setValue(Bytestrings.encode(SondeIngress.CPU_PORT, 9))
						.build()));
			awaitPacketOut(s1);
			this.emulated.runFor(Duration.ofMillis(10));

			PacketIn completed = atS3.poll(10, TimeUnit.SECONDS);
			assertThat(completed).as("the completed probe at s3's controller").isNotNull();
			GpintProbe probe = GpintProbeCodec.decodeFrame(completed.getPayload().toByteArray());
			assertThat(probe.kind()).isEqualTo(ProbeKind.MEASUREMENT);
			assertThat(probe.completed()).isTrue();
			assertThat(probe.requestId()).isEqualTo(42);
			// Ingress packets on ports 1 and 2 when the probe left: s1 none yet, s2 and
			// s3 the probe itself on port 1; the feedback behind each comes later.
			assertThat(probe.hops()).containsExactly(new ProbeHop(11, 0, List.of(0L, 0L)),
					new ProbeHop(12, 0, List.of(1L, 0L)), new ProbeHop(13, 0, List.of(1L, 0L)));
			PacketIn feedback = atS1.poll(10, TimeUnit.SECONDS);
			assertThat(feedback).as("s1 answers the PacketOut with a feedback").isNotNull();
			byte[] feedbackFrame = feedback.getPayload().toByteArray();
			assertThat(feedbackFrame).hasSize(36);
			assertThat(GpintProbeCodec.decodeFrame(feedbackFrame).kind()).isEqualTo(ProbeKind.FEEDBACK);
			assertThat(Bytestrings.toLong(completed.getMetadata(0).getValue()))
				.as("ingress_port of the completed probe")
				.isEqualTo(1);
		}
	}

	@Test
	void theNextHopsFeedbackReleasesEachCopySoNoRecoveryNotificationFollows() throws Exception {
		collectPacketIns();

		inject("s1", GpintProbe.start(7, ProbeRequestType.RULE_HITS, LINE));
		this.emulated.runFor(Duration.ofSeconds(3));

		assertThat(kinds()).containsExactly(ProbeKind.FEEDBACK, ProbeKind.MEASUREMENT);
		assertThat(this.packetIns.get(0).switchName()).isEqualTo("s1");
		assertThat(this.packetIns.get(1).switchName()).isEqualTo("s3");
		for (String name : List.of("s1", "s2")) {
			ProbeCounters counters = this.dataPlanes.get(name).probeCounters();
			assertThat(counters.copiesStored()).as(name).isEqualTo(1);
			assertThat(counters.copiesReleased()).as(name).isEqualTo(1);
			assertThat(counters.recoveryNotifications()).as(name).isZero();
			assertThat(this.dataPlanes.get(name).storedProbeCopies()).as(name).isZero();
		}
		assertThat(this.dataPlanes.get("s2").probeCounters().feedbacksReceived()).isEqualTo(1);
		assertThat(this.dataPlanes.get("s3").probeCounters().completed()).isEqualTo(1);
	}

	@Test
	void aLinkThatDropsEverythingProducesARecoveryNotificationCarryingThePartialTelemetry() throws Exception {
		collectPacketIns();
		this.emulated.changeLink("s2/s3", LinkChange.loss(1.0));

		inject("s1", GpintProbe.start(9, ProbeRequestType.PORT_PACKETS, LINE));
		this.emulated.runFor(Duration.ofMillis(1400));
		assertThat(kinds()).as("before t_f (1.5 s) only s1's feedback").containsExactly(ProbeKind.FEEDBACK);
		this.emulated.runFor(Duration.ofMillis(200));

		assertThat(kinds()).containsExactly(ProbeKind.FEEDBACK, ProbeKind.RECOVERY);
		Seen recovery = this.packetIns.get(1);
		assertThat(recovery.switchName()).isEqualTo("s2");
		assertThat(recovery.ingressPort()).as("the port the lost probe left by").isEqualTo(2);
		assertThat(recovery.probe().requestId()).isEqualTo(9);
		assertThat(recovery.probe().hops()).containsExactly(new ProbeHop(11, 0, List.of(0L, 0L)),
				new ProbeHop(12, 0, List.of(1L, 0L)));
		assertThat(recovery.probe().sourceRoute()).containsExactly(LINE.get(2));
		assertThat(this.dataPlanes.get("s1").probeCounters().copiesReleased()).isEqualTo(1);
		assertThat(this.dataPlanes.get("s1").probeCounters().recoveryNotifications()).isZero();
		assertThat(this.dataPlanes.get("s2").probeCounters().recoveryNotifications()).isEqualTo(1);
	}

	@Test
	void withRecoveryDisabledNoSwitchAnswersOrKeepsACopy() throws Exception {
		collectPacketIns();
		this.tables.values().forEach((table) -> table.setProbeSettings(new ProbeSettings(false, 1_500_000)));
		this.emulated.changeLink("s2/s3", LinkChange.loss(1.0));

		inject("s1", GpintProbe.start(11, ProbeRequestType.RULE_HITS, LINE));
		this.emulated.runFor(Duration.ofSeconds(3));

		assertThat(this.packetIns).isEmpty();
		for (String name : List.of("s1", "s2", "s3")) {
			ProbeCounters counters = this.dataPlanes.get(name).probeCounters();
			assertThat(counters.feedbacksSent()).as(name).isZero();
			assertThat(counters.copiesStored()).as(name).isZero();
		}
		assertThat(this.dataPlanes.get("s2").probeCounters().forwarded()).isEqualTo(1);
	}

	@Test
	void aShorterT_fFromTheSettingsTableSendsTheNotificationSooner() throws Exception {
		collectPacketIns();
		this.tables.get("s2").setProbeSettings(new ProbeSettings(true, 400_000));
		this.emulated.changeLink("s2/s3", LinkChange.loss(1.0));

		inject("s1", GpintProbe.start(12, ProbeRequestType.RULE_HITS, LINE));
		this.emulated.runFor(Duration.ofMillis(450));

		assertThat(kinds()).containsExactly(ProbeKind.FEEDBACK, ProbeKind.RECOVERY);
	}

	@Test
	void malformedAndOverBoundProbesAreDroppedAndCounted() throws Exception {
		collectPacketIns();
		byte[] whole = probeFrame(GpintProbe.start(13, ProbeRequestType.RULE_HITS, LINE));
		byte[] truncated = java.util.Arrays.copyOf(whole, whole.length - 2);
		List<ProbeHop> full = new ArrayList<>();
		for (int i = 0; i < 64; i++) {
			full.add(new ProbeHop(i, 0, List.of()));
		}
		GpintProbe sixtyFourHops = new GpintProbe(ProbeKind.MEASUREMENT, 14, ProbeRequestType.RULE_HITS, LINE, full);
		List<SourceRouteEntry> tooLong = new ArrayList<>();
		for (int i = 0; i < 65; i++) {
			tooLong.add(new SourceRouteEntry(2, 0, 0));
		}

		injectFrame("s1", truncated);
		inject("s1", sixtyFourHops);
		inject("s1", GpintProbe.start(15, ProbeRequestType.RULE_HITS, tooLong));
		inject("s1", GpintProbe.start(16, ProbeRequestType.RULE_HITS, List.of()));
		this.emulated.runFor(Duration.ofSeconds(2));

		ProbeCounters counters = this.dataPlanes.get("s1").probeCounters();
		assertThat(counters.dropped(ProbeDrop.MALFORMED)).isEqualTo(1);
		assertThat(counters.dropped(ProbeDrop.OVER_BOUND)).isEqualTo(2);
		assertThat(counters.dropped(ProbeDrop.NO_ROUTE)).isEqualTo(1);
		assertThat(counters.forwarded() + counters.feedbacksSent()).isZero();
		assertThat(this.packetIns).isEmpty();
		assertThat(this.emulated.switchNamed("s2").node().port(1).counters().receivedPackets()).isZero();
	}

	private void collectPacketIns() {
		this.emulated.onScheduler(() -> {
			for (EmulatedSwitch emulatedSwitch : this.emulated.switches()) {
				emulatedSwitch.node().setControllerSink(this::seen);
			}
			return null;
		});
	}

	private void seen(SwitchNode node, int ingressPort, byte[] frame, int length) {
		try {
			this.packetIns.add(new Seen(node.name(), ingressPort,
					GpintProbeCodec.decodeFrame(java.util.Arrays.copyOf(frame, length))));
		}
		catch (MalformedTelemetry ex) {
			throw new AssertionError("a PacketIn that is no probe: " + ex.getMessage(), ex);
		}
	}

	private List<ProbeKind> kinds() {
		return this.packetIns.stream().map((seen) -> seen.probe().kind()).toList();
	}

	private void inject(String switchName, GpintProbe probe) throws UnknownHostException {
		injectFrame(switchName, probeFrame(probe));
	}

	private void injectFrame(String switchName, byte[] frame) {
		SwitchNode node = this.emulated.switchNamed(switchName).node();
		this.emulated.onScheduler(() -> {
			node.injectIngress(SondeIngress.CPU_PORT, frame, 0, frame.length);
			return null;
		});
	}

	private static byte[] probeFrame(GpintProbe probe) throws UnknownHostException {
		Inet4Address monitor = (Inet4Address) InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
		return GpintProbeCodec.encodeFrame(probe, SWITCH_MAC, MONITOR_MAC, monitor);
	}

	/** PacketOut reaches the scheduler from a gRPC thread: wait until it was accepted. */
	private static void awaitPacketOut(EmulatedSwitch emulatedSwitch) {
		await().atMost(Duration.ofSeconds(10))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(10))
			.until(() -> emulatedSwitch.packetOuts() != 0);
		assertThat(emulatedSwitch.packetOuts()).isEqualTo(1);
	}

}
