package io.sonde.e2e.bmv2;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.google.protobuf.ByteString;
import io.sonde.e2e.bmv2.GpintProbeFrames.Hop;
import io.sonde.e2e.bmv2.GpintProbeFrames.SrEntry;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.pipeline.InMemorySondeRegisters;
import io.sonde.emulator.pipeline.InMemorySondeTables;
import io.sonde.emulator.pipeline.ProbeSettings;
import io.sonde.emulator.pipeline.SondeSwitch;
import io.sonde.emulator.pipeline.SondeSwitchOptions;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulatedSwitch;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.run.LinkChange;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.LinkSpec;
import io.sonde.emulator.topology.SwitchSpec;
import io.sonde.emulator.topology.Topology;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.switches.internal.connection.PipelineArtifact;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.PacketIn;
import p4.v1.PacketMetadata;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * sonde.p4's GPINT probes on BMv2 (paper 001 §III-C, §IV): {@code s1 — s2 — s3} on veth
 * pairs, each switch with its node id and probe settings over P4Runtime and the probe
 * clone sessions over Thrift (see {@link Bmv2Thrift} for why). The monitoring module is
 * the test: it injects a probe at s1 by a PacketOut to the CPU port, whose SR stack
 * routes it s1 port 2 → s2 port 2 → s3 → CPU, each switch adding two per-port packet
 * counters (type 1, cells 1 and 2). s1 answers the injection with a feedback PacketIn, s3
 * delivers the completed probe with three DLV entries; with the s2–s3 link down, s2's
 * stored copy times out and comes to its CPU port as a recovery notification carrying
 * s1's and s2's telemetry. Frames are written byte by byte from the wire format
 * ({@link GpintProbeFrames}) and compared whole: the queue depths are 0, one probe being
 * the only packet on each switch. Skipped where BMv2 is not found.
 */
class GpintProbeIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	/** t_f on every switch: short, so the recovery test does not wait 1.5 s. */
	private static final long FEEDBACK_TIMEOUT_MICROS = 300_000;

	private static final int REQUEST_ID = 0x1234;

	/** Per-port packet counters. */
	private static final int PORT_COUNTERS = 1;

	/** Each switch reads cells 1 and 2 of its port register. */
	private static final List<SrEntry> PATH = List.of(new SrEntry(2, 1, 2), new SrEntry(2, 1, 2), new SrEntry(0, 1, 2));

	private static final List<String> NAMES = List.of("s1", "s2", "s3");

	private Bmv2Namespace namespace;

	private final List<Bmv2Switch> switches = new ArrayList<>();

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final List<List<PacketIn>> packetIns = List.of(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>(),
			new CopyOnWriteArrayList<>());

	private String s3Port1;

	@BeforeEach
	void startThreeSwitches() throws Exception {
		Bmv2Binary binary = Bmv2Binary.require();
		PipelineArtifact pipeline = PipelineArtifact.sondeP4();
		this.namespace = Bmv2Namespace.create();
		List<String> s1s2 = this.namespace.vethPair("s1p2", "s2p1");
		List<String> s2s3 = this.namespace.vethPair("s2p2", "s3p1");
		this.s3Port1 = s2s3.get(1);
		List<Map<Integer, String>> ports = List.of(Map.of(2, s1s2.get(0)), Map.of(1, s1s2.get(1), 2, s2s3.get(0)),
				Map.of(1, s2s3.get(1)));
		for (int i = 0; i < NAMES.size(); i++) {
			int device = i + 1;
			int thriftPort = 9189 + device;
			Bmv2Switch bmv2 = Bmv2Switch.start(binary, this.namespace, NAMES.get(i), device, thriftPort, ports.get(i));
			this.switches.add(bmv2);
			Bmv2Thrift sessions = new Bmv2Thrift();
			for (int port : ports.get(i).keySet()) {
				sessions.mirroringAdd(SondePipeline.PROBE_CLONE_SESSION_BASE + port, port);
			}
			sessions.mirroringAdd(SondePipeline.PROBE_CLONE_SESSION_BASE + Bmv2Switch.CPU_PORT, Bmv2Switch.CPU_PORT)
				.send(this.namespace, thriftPort, bmv2.folder());
			P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", bmv2.p4RuntimePort())
				.deviceId(device)
				.electionId(1)
				.rpcTimeout(Duration.ofSeconds(30))
				.connect();
			this.clients.add(client);
			client.awaitPrimary(WAIT);
			client.setPipeline(pipeline.p4Info(), pipeline.deviceConfig(), pipeline.cookie(),
					SetForwardingPipelineConfigRequest.Action.VERIFY_AND_COMMIT);
			SondeEntities entities = SondeEntities.ofPipeline();
			client.write(List.of(modify(entities.nodeId(device)),
					modify(entities.probeSettings(true, FEEDBACK_TIMEOUT_MICROS))));
			client.onPacketIn(this.packetIns.get(i)::add);
		}
	}

	@AfterEach
	void stopSwitches() throws Exception {
		this.clients.forEach(P4RuntimeClient::close);
		this.switches.forEach(Bmv2Switch::close);
		if (this.namespace != null) {
			this.namespace.close();
		}
	}

	@Test
	void probeInjectedAtTheFirstSwitchIsSourceRoutedHopByHopAndCompletesWithThreeHopsOfTelemetry() throws Exception {
		byte[] sent = injectProbe();

		// s1 answers the injection itself: the feedback comes back by the CPU port.
		PacketIn feedback = awaitPacketIn(0, GpintProbeFrames.DSCP_FEEDBACK);
		assertThat(feedback.getPayload().toByteArray()).as("s1's feedback, %s", this.switches.get(0))
			.isEqualTo(GpintProbeFrames.feedback(GpintProbeFrames.MONITOR_MAC, GpintProbeFrames.FIRST_SWITCH_MAC,
					REQUEST_ID, PORT_COUNTERS));
		assertThat(ingressPort(feedback)).isEqualTo(Bmv2Switch.CPU_PORT);

		// s3 pops the last SR entry and delivers the probe: newest hop first. s2 and s3
		// counted the probe on port 1 before reading; s1 read before s2's feedback came.
		PacketIn completed = awaitPacketIn(2, GpintProbeFrames.DSCP_MEASUREMENT);
		byte[] expected = GpintProbeFrames.probe(GpintProbeFrames.DSCP_MEASUREMENT, REQUEST_ID, PORT_COUNTERS,
				List.of(), List.of(new Hop(3, 0, List.of(1L, 0L)), new Hop(2, 0, List.of(1L, 0L)),
						new Hop(1, 0, List.of(0L, 0L))));
		assertThat(completed.getPayload().toByteArray()).as("the completed probe at s3, sent as %d bytes", sent.length)
			.isEqualTo(expected);
		assertThat(ingressPort(completed)).isEqualTo(1);

		// Every hop got its feedback: no stored copy outlives t_f, so
		// nothing else arrives.
		Thread.sleep(FEEDBACK_TIMEOUT_MICROS / 1000 * 4);
		assertThat(this.packetIns.get(0)).as("PacketIns at s1").hasSize(1);
		assertThat(this.packetIns.get(1)).as("PacketIns at s2: no recovery notification").isEmpty();
		assertThat(this.packetIns.get(2)).as("PacketIns at s3").hasSize(1);

		assertThat(emulatorPacketIns(false)).as("the emulator's PacketIns for the same probe")
			.containsExactly(new Seen("s1", Bmv2Switch.CPU_PORT, feedback.getPayload().toByteArray()),
					new Seen("s3", 1, completed.getPayload().toByteArray()));
	}

	@Test
	void lastLinkDroppingEverythingMakesTheMiddleSwitchSendARecoveryNotificationWithThePartialTelemetry()
			throws Exception {
		// s2 port 2 still sends, but nothing arrives at s3: the peer end is down.
		this.namespace.exec("ip", "link", "set", this.s3Port1, "down");

		injectProbe();

		PacketIn notification = awaitPacketIn(1, GpintProbeFrames.DSCP_RECOVERY);
		byte[] expected = GpintProbeFrames.probe(GpintProbeFrames.DSCP_RECOVERY, REQUEST_ID, PORT_COUNTERS,
				List.of(PATH.get(2)), List.of(new Hop(2, 0, List.of(1L, 0L)), new Hop(1, 0, List.of(0L, 0L))));
		assertThat(notification.getPayload().toByteArray())
			.as("s2's recovery notification: the copy as it left, s3's SR entry still on it, %s", this.switches.get(1))
			.isEqualTo(expected);
		assertThat(ingressPort(notification)).as("the port s2 sent the lost probe out of").isEqualTo(2);

		// s1's copy got s2's feedback; s3 never saw the probe.
		Thread.sleep(FEEDBACK_TIMEOUT_MICROS / 1000 * 4);
		assertThat(this.packetIns.get(0)).as("PacketIns at s1: its feedback only")
			.singleElement()
			.satisfies((in) -> assertThat(GpintProbeFrames.dscp(in.getPayload().toByteArray()))
				.isEqualTo(GpintProbeFrames.DSCP_FEEDBACK));
		assertThat(this.packetIns.get(1)).as("PacketIns at s2: one notification").hasSize(1);
		assertThat(this.packetIns.get(2)).as("PacketIns at s3").isEmpty();

		assertThat(emulatorPacketIns(true)).as("the emulator's PacketIns with the s2-s3 link losing everything")
			.containsExactly(
					new Seen("s1", Bmv2Switch.CPU_PORT, this.packetIns.get(0).get(0).getPayload().toByteArray()),
					new Seen("s2", 2, notification.getPayload().toByteArray()));
	}

	/** A PacketIn: the switch, its ingress_port metadata, the frame. */
	private record Seen(String switchName, int ingressPort, byte[] frame) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Seen seen && seen.switchName.equals(this.switchName)
					&& seen.ingressPort == this.ingressPort && Arrays.equals(seen.frame, this.frame);
		}

		@Override
		public int hashCode() {
			return 31 * (31 * this.switchName.hashCode() + this.ingressPort) + Arrays.hashCode(this.frame);
		}

		@Override
		public String toString() {
			StringBuilder hex = new StringBuilder();
			for (byte b : this.frame) {
				hex.append(String.format("%02x", b));
			}
			return this.switchName + " port " + this.ingressPort + " " + hex;
		}

	}

	/**
	 * The same line in the emulator (sonde.p4's twin, the same node ids and t_f), the
	 * same probe injected at s1's CPU port, one second of virtual time: every PacketIn in
	 * order.
	 */
	private static List<Seen> emulatorPacketIns(boolean lastLinkDown) throws Exception {
		LinkParameters gigabit = LinkParameters.ethernet(LinkParameters.GIGABIT, 1_000, 100);
		List<SwitchSpec> specs = new ArrayList<>();
		for (int i = 0; i < NAMES.size(); i++) {
			specs.add(new SwitchSpec(NAMES.get(i), i + 1, 0, SwitchSpec.defaultMac(i + 1), "switch"));
		}
		Topology line = new Topology("gpint-line", specs, List.of(),
				List.of(new LinkSpec(new Endpoint("s1", 2), new Endpoint("s2", 1), gigabit),
						new LinkSpec(new Endpoint("s2", 2), new Endpoint("s3", 1), gigabit)));
		List<Seen> seen = new CopyOnWriteArrayList<>();
		try (EmulatedNetwork emulated = EmulatedNetwork.start(line,
				EmulationOptions.DEFAULTS.withCollector(null)
					.withP4RuntimeBasePort(0)
					.withDataPlanes((emulatedSwitch, truth) -> {
						InMemorySondeTables tables = new InMemorySondeTables();
						tables.setIntNodeId(emulatedSwitch.spec().deviceId());
						tables.setProbeSettings(new ProbeSettings(true, FEEDBACK_TIMEOUT_MICROS));
						return new SondeSwitch(tables, new InMemorySondeRegisters(), truth,
								SondeSwitchOptions.DEFAULTS);
					}))) {
			emulated.onScheduler(() -> {
				for (EmulatedSwitch emulatedSwitch : emulated.switches()) {
					emulatedSwitch.node()
						.setControllerSink((node, port, frame, length) -> seen
							.add(new Seen(node.name(), port, Arrays.copyOf(frame, length))));
				}
				return null;
			});
			if (lastLinkDown) {
				emulated.changeLink("s2/s3", LinkChange.loss(1.0));
			}
			byte[] probe = probeFrame();
			SwitchNode s1 = emulated.switchNamed("s1").node();
			emulated.onScheduler(() -> {
				s1.injectIngress(Bmv2Switch.CPU_PORT, probe, 0, probe.length);
				return null;
			});
			emulated.runFor(Duration.ofSeconds(1));
		}
		return seen;
	}

	/** The probe of {@link #PATH}, injected at s1 by a PacketOut to its CPU port. */
	private byte[] injectProbe() {
		byte[] probe = probeFrame();
		this.clients.get(0)
			.packetOut(probe,
					List.of(PacketMetadata.newBuilder()
						.setMetadataId(1)
						.setValue(ByteString.copyFrom(new byte[] { 0x01, (byte) 0xFE }))
						.build()));
		return probe;
	}

	private static byte[] probeFrame() {
		return GpintProbeFrames.probe(GpintProbeFrames.DSCP_MEASUREMENT, REQUEST_ID, PORT_COUNTERS, PATH, List.of());
	}

	private PacketIn awaitPacketIn(int switchIndex, int dscp) {
		return await().atMost(WAIT)
			.until(() -> this.packetIns.get(switchIndex)
				.stream()
				.filter((in) -> GpintProbeFrames.dscp(in.getPayload().toByteArray()) == dscp)
				.findFirst(), (found) -> found.isPresent())
			.orElseThrow();
	}

	private static int ingressPort(PacketIn packetIn) {
		ByteString value = packetIn.getMetadataList()
			.stream()
			.filter((metadata) -> metadata.getMetadataId() == 1)
			.findFirst()
			.orElseThrow()
			.getValue();
		int port = 0;
		for (byte b : value.toByteArray()) {
			port = (port << 8) | (b & 0xFF);
		}
		return port;
	}

	private static Update modify(p4.v1.Entity entity) {
		return Update.newBuilder().setType(Update.Type.MODIFY).setEntity(entity).build();
	}

}
