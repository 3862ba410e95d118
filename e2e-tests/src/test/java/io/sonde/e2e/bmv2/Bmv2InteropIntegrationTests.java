package io.sonde.e2e.bmv2;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.traffic.FlowAddresses;
import io.sonde.emulator.traffic.PacketBuilder;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.FlowKey;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.client.Mastership;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.EntityChange;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.internal.connection.ConnectionListener;
import io.sonde.switches.internal.connection.ConnectionSettings;
import io.sonde.switches.internal.connection.PipelineArtifact;
import io.sonde.switches.internal.connection.SwitchConnection;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.tls.TlsDirectory;
import io.sonde.switches.internal.tls.TlsMaterial;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;
import p4.v1.Entity;
import p4.v1.ForwardingPipelineConfig;
import p4.v1.GetForwardingPipelineConfigRequest.ResponseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Sonde's switch connection (the backend's {@code SwitchConnection}, over real gRPC)
 * managing BMv2's {@code simple_switch_grpc} running sonde.p4 from p4c's BMv2 JSON:
 * arbitration, the pipeline pushed and read back whole, routes and the INT configuration
 * written and read back in sync (the INT node id and the ECMP salt as default entries of
 * keyless tables), register cells refused (PI writes none), counters read, packet-in
 * through the CPU port, and the state restored after BMv2 restarts with nothing.
 * <p>
 * One switch with three ports on veth pairs in a namespace of the test's own: port 1
 * toward h1 (where frames are sent in), port 2 toward h2 (where they are captured), port
 * 3 toward the collector. Skipped where BMv2 is not found ({@link Bmv2Binary}).
 */
class Bmv2InteropIntegrationTests {

	private static final ConnectionSettings SETTINGS = new ConnectionSettings(Duration.ofSeconds(20),
			Duration.ofSeconds(20), Duration.ofMillis(500), Duration.ofMillis(100), Duration.ofSeconds(1), 0, true,
			500);

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final long DEVICE_ID = 1;

	private static final long SALT = SondeEntities.ecmpSaltOf("bm1");

	private static final MacAddress SWITCH_MAC = MacAddress.local(0x5A_0000_0001L);

	private static final MacAddress H1_MAC = MacAddress.local(0x0A_0000_0102L);

	private static final MacAddress H2_MAC = MacAddress.local(0x0A_0000_0202L);

	private static final Ipv4Address H1 = Ipv4Address.of(10, 0, 1, 2);

	private static final Ipv4Address H2 = Ipv4Address.of(10, 0, 2, 2);

	/** Routed to the CPU port: what is sent to it reaches the controller. */
	private static final Ipv4Address PUNTED = Ipv4Address.of(10, 9, 9, 9);

	private static final SondeEntities entities = SondeEntities.ofPipeline();

	private static Bmv2Namespace namespace;

	private static Bmv2Switch bmv2;

	private static PipelineArtifact pipeline;

	private static String h1;

	private static String h2;

	@TempDir
	Path dir;

	private final List<SwitchConnection> connections = new CopyOnWriteArrayList<>();

	private final List<PacketInReceived> packetIns = new CopyOnWriteArrayList<>();

	/** Why the suite cannot run here, or null: each test is skipped with it. */
	private static String missing;

	@BeforeAll
	static void startBmv2() throws Exception {
		Bmv2Binary binary;
		try {
			binary = Bmv2Binary.require();
			pipeline = PipelineArtifact.sondeP4();
			VethWire.requireTools();
		}
		catch (TestAbortedException ex) {
			// Skipped test by test, so the report counts them as skipped.
			missing = ex.getMessage().replaceFirst("^Assumption failed: ", "");
			return;
		}
		namespace = Bmv2Namespace.create();
		List<String> port1 = namespace.vethPair("p1", "h1");
		List<String> port2 = namespace.vethPair("p2", "h2");
		List<String> port3 = namespace.vethPair("p3", "c");
		h1 = port1.get(1);
		h2 = port2.get(1);
		bmv2 = Bmv2Switch.start(binary, namespace, "bm1", DEVICE_ID, 9090,
				Map.of(1, port1.get(0), 2, port2.get(0), 3, port3.get(0)));
	}

	@AfterAll
	static void stopBmv2() throws Exception {
		if (bmv2 != null) {
			bmv2.close();
		}
		if (namespace != null) {
			namespace.close();
		}
	}

	@BeforeEach
	void bmv2Runs() {
		assumeTrue(missing == null, missing);
	}

	@AfterEach
	void closeConnections() {
		this.connections.forEach(SwitchConnection::close);
	}

	@Test
	void arbitratesAsPrimaryAndPushesThePipelineThatReadsBackByteForByte() {
		SwitchConnection sonde = connect(10, desired());
		awaitStatus(sonde, (status) -> status.isPrimary() && status.lastReconcile() != null, "primary, reconciled");
		assertThat(sonde.status().pipelineCookie()).isEqualTo(pipeline.cookie());

		// A second controller with a lower election id is backup, and may read.
		try (P4RuntimeClient backup = P4RuntimeClient.forAddress("127.0.0.1", bmv2.p4RuntimePort())
			.deviceId(DEVICE_ID)
			.electionId(5)
			.rpcTimeout(Duration.ofSeconds(20))
			.connect()) {
			assertThat(backup.awaitArbitration(Duration.ofSeconds(20)).state()).isEqualTo(Mastership.State.BACKUP);
			ForwardingPipelineConfig running = backup.getPipeline(ResponseType.ALL).orElseThrow();
			assertThat(running.getP4Info()).isEqualTo(pipeline.p4Info());
			assertThat(running.getP4DeviceConfig().toByteArray())
				.as("the BMv2 JSON, %d bytes", pipeline.deviceConfig().length)
				.isEqualTo(pipeline.deviceConfig());
			assertThat(running.getCookie().getCookie()).isEqualTo(pipeline.cookie());
			assertThat(backup.capabilities().getP4RuntimeApiVersion()).isNotBlank();
		}
	}

	@Test
	void writesRoutesAndTheIntTablesAndReadsThemBackInSync() {
		List<Entity> wanted = desired();
		SwitchConnection sonde = connect(10, wanted);
		ReconcileReport report = awaitStatus(sonde, (status) -> status.isPrimary() && status.lastReconcile() != null,
				"primary, reconciled")
			.lastReconcile();

		assertThat(report.failed()).as("updates BMv2 refused").isEmpty();
		assertThat(report.expected()).isEqualTo(wanted.size());
		assertThat(sonde.diff().changes()).as("what Sonde reads back differs from what it wrote").isEmpty();
		assertThat(sonde.diff().matching()).isEqualTo(wanted.size());

		// A change of the desired state is a targeted repair: one MODIFY.
		List<Entity> moved = new ArrayList<>(wanted);
		moved.set(0, entities.route(H2.value(), 32, 3, H2_MAC.value()));
		SwitchConnection changed = replace(sonde, moved);
		ReconcileReport repair = awaitStatus(changed, (status) -> status.isPrimary() && status.lastReconcile() != null,
				"primary, reconciled again")
			.lastReconcile();
		assertThat(repair.applied()).extracting(EntityChange::update).containsExactly("MODIFY");
		assertThat(changed.diff().inSync()).isTrue();
	}

	/**
	 * The per-switch values sonde.p4 keeps in keyless tables: Sonde sets them with
	 * default-entry MODIFYs, and BMv2 answers a default-entry read with what Sonde wrote.
	 */
	@Test
	void readsBackTheNodeIdAndTheEcmpSaltSondeSetAsDefaultEntries() {
		SwitchConnection sonde = connectedInSync(desired());

		List<Entity> read = sonde.read(List.of(entities.defaultEntryRead(SondeEntities.INT_NODE_ID),
				entities.defaultEntryRead(SondeEntities.ECMP_SALT)));

		assertThat(read).hasSize(2);
		assertThat(read.get(0).getTableEntry().getIsDefaultAction()).isTrue();
		assertThat(read.get(0).getTableEntry().getAction().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("SondeEgress.set_int_node_id").id());
		assertThat(Bytestrings.toLong(read.get(0).getTableEntry().getAction().getAction().getParams(0).getValue()))
			.as("the INT node id")
			.isEqualTo(DEVICE_ID);
		assertThat(read.get(1).getTableEntry().getAction().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("SondeIngress.forwarding.set_ecmp_salt").id());
		assertThat(Bytestrings.toLong(read.get(1).getTableEntry().getAction().getAction().getParams(0).getValue()))
			.as("the ECMP salt")
			.isEqualTo(SALT);
	}

	/**
	 * P4Runtime register entries are refused by every PI-based switch ("Register writes
	 * are not supported yet", nor reads): the CNF literals of sonde.p4's event filter
	 * cannot be set over P4Runtime on BMv2. Sonde reports each refused cell and keeps
	 * everything else; the diff shows the cells as not read.
	 */
	@Test
	void reportsRegisterCellsAsRefusedWhileEverythingElseIsWritten() {
		List<Entity> wanted = new ArrayList<>(desired());
		wanted.addAll(registerCells());
		SwitchConnection sonde = connect(10, wanted);
		ReconcileReport report = awaitStatus(sonde, (status) -> status.isPrimary() && status.lastReconcile() != null,
				"primary, reconciled")
			.lastReconcile();

		assertThat(report.failed()).hasSize(registerCells().size()).allSatisfy((refused) -> {
			assertThat(refused.entity()).matches("Sonde(Egress|Ingress)\\..*\\[\\d+\\]");
			assertThat(refused.installed()).startsWith("UNIMPLEMENTED");
		});
		assertThat(sonde.status().lastError()).contains(registerCells().size() + " updates refused");
		assertThat(sonde.diff().changes()).as("only the cells differ, as not read")
			.hasSize(registerCells().size())
			.allSatisfy((change) -> assertThat(change.installed()).isEqualTo("(not read)"));
	}

	@Test
	void countsForwardedPacketsInTheRouteAndPortCounters() throws Exception {
		SwitchConnection sonde = connectedInSync(desired());
		List<byte[]> received;
		try (VethWire.Tap tap = VethWire.tap(namespace, h2, this.dir.resolve("h2.pcap"))) {
			VethWire.send(namespace, h1, frames(H2, 5000, 7), 100, this.dir.resolve("h1.pcap"));
			received = tap.awaitFrames(7, Duration.ofSeconds(20));
		}

		assertThat(received).hasSize(7);
		// set_next_hop: the next hop's MAC, TTL one less
		assertThat(received.get(0)).startsWith(bytes(H2_MAC.value(), 6));
		assertThat(received.get(0)[14 + 8] & 0xFF).isEqualTo(63);

		CounterEntries counters = new CounterEntries(SondePipeline.p4Info());
		Entity route = desired().get(0);
		List<Entity> read = sonde.read(List.of(Entities.of(counters.readDirect(route.getTableEntry())),
				Entities.of(counters.read(SondeEntities.INGRESS_PORT_COUNTER, 1)),
				Entities.of(counters.read(SondeEntities.EGRESS_PORT_COUNTER, 2))));
		assertThat(read).hasSize(3);
		assertThat(read.get(0).getDirectCounterEntry().getData().getPacketCount()).as("the route's direct counter")
			.isGreaterThanOrEqualTo(7);
		assertThat(read.get(1).getCounterEntry().getData().getPacketCount()).as("ingress port 1")
			.isGreaterThanOrEqualTo(7);
		assertThat(read.get(2).getCounterEntry().getData().getPacketCount()).as("egress port 2")
			.isGreaterThanOrEqualTo(7);
		assertThat(read.get(2).getCounterEntry().getData().getByteCount()).isGreaterThanOrEqualTo(7L * 128);
	}

	@Test
	void packetOutLeavesByItsPortAndPacketInSaysWhereItCameIn() throws Exception {
		SwitchConnection sonde = connectedInSync(desired());

		// PacketIn: a frame routed to the CPU port reaches Sonde as it left the pipeline
		// (TTL 63), with the port it came in on.
		VethWire.send(namespace, h1, frames(PUNTED, 6000, 1), 100, this.dir.resolve("punt.pcap"));
		PacketInReceived in = await().atMost(WAIT).until(() -> this.packetIns, (seen) -> !seen.isEmpty()).get(0);
		assertThat(in.switchName()).isEqualTo("bm1");
		assertThat(in.ingressPort()).isEqualTo(1);
		assertThat(in.payload()).hasSize(128).startsWith(bytes(SWITCH_MAC.value(), 6));
		assertThat(in.payload()[14 + 8] & 0xFF).isEqualTo(63);

		// PacketOut: the frame leaves by the port Sonde names, as sent (not routed: its
		// destination's route points at port 2, Sonde sends it out of port 1).
		byte[] frame = frames(H2, 7000, 1).get(0);
		List<byte[]> received;
		try (VethWire.Tap tap = VethWire.tap(namespace, h1, this.dir.resolve("out.pcap"))) {
			sonde.packetOut(1, frame);
			received = tap.awaitFrames(1, Duration.ofSeconds(20));
		}
		assertThat(received).singleElement().isEqualTo(frame);
	}

	@Test
	void reconcilesEverythingAgainAfterBmv2Restarts() throws Exception {
		List<Entity> wanted = desired();
		SwitchConnection sonde = connectedInSync(wanted);

		bmv2.stop();
		await().atMost(WAIT).until(() -> sonde.status().state() == ConnectionState.UNREACHABLE);
		bmv2.start();

		ReconcileReport after = await().atMost(WAIT)
			.until(() -> sonde.status().lastReconcile(), (last) -> sonde.status().isPrimary() && last != null
					&& last.pipelinePushed() && last.applied().size() == wanted.size());
		assertThat(after.failed()).isEmpty();
		assertThat(sonde.diff().inSync()).as("BMv2 holds everything again").isTrue();
	}

	/**
	 * What Sonde wants on the switch that BMv2 takes over P4Runtime: routes (one to the
	 * CPU port), every INT table the backend writes, the node id and the ECMP salt. Not
	 * the report clone session ({@link #reportMirror}) nor the register cells
	 * ({@link #registerCells}).
	 */
	private static List<Entity> desired() {
		FlowKey watched = new FlowKey(H1.value(), -1, H2.value(), -1, 17, 0xFF, 0, 0xFFFF, 5000, 5000);
		FlowKey complex = new FlowKey(H1.value(), -1, H2.value(), -1, 6, 0xFF, 1000, 1999, 0, 0xFFFF);
		List<Entity> wanted = new ArrayList<>();
		wanted.add(entities.route(H2.value(), 32, 2, H2_MAC.value()));
		wanted.add(entities.route(H1.value(), 32, 1, H1_MAC.value()));
		wanted.add(entities.route(PUNTED.value(), 32, Bmv2Switch.CPU_PORT, SWITCH_MAC.value()));
		wanted.add(entities.sinkPort(1));
		wanted.add(entities.watch(watched, 10, 0xFF80, 12, 8));
		wanted
			.add(entities.fastDetection(watched, 10, 0, SondePipeline.EventAlgorithm.PER_HOP_CHANGE.code(), 1, 100, 0));
		wanted.add(entities.complexDetection(complex, 10, 3));
		wanted.add(entities.collector(3, SWITCH_MAC.value(), MacAddress.local(0xC0_11EC_7000L).value(),
				Ipv4Address.of(172, 16, 0, 1).value(), Ipv4Address.of(10, 0, 3, 254).value(), 32766, 0));
		wanted.add(entities.nodeId(DEVICE_ID));
		wanted.add(entities.ecmpSalt(SALT));
		return wanted;
	}

	/** One CNF literal: three register cells. */
	private static List<Entity> registerCells() {
		List<Entity> cells = new ArrayList<>();
		cells.addAll(entities.cnfLiteral(SondePipeline.cnfLiteralIndex(3, 0, 0), 1 | SondePipeline.CNF_AGGREGATE_MAX, 1,
				500));
		return cells;
	}

	private static List<byte[]> frames(Ipv4Address destination, int destinationPort, int count) {
		PacketBuilder builder = PacketBuilder.forFlow(
				new FlowAddresses(H1_MAC, SWITCH_MAC, H1, destination, TransportProtocol.UDP, 40000, destinationPort),
				0, 128, 1);
		List<byte[]> frames = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			byte[] frame = new byte[128];
			builder.write(frame, i);
			frames.add(frame);
		}
		return frames;
	}

	private static byte[] bytes(long value, int length) {
		byte[] bytes = new byte[length];
		for (int i = 0; i < length; i++) {
			bytes[i] = (byte) (value >>> (8 * (length - 1 - i)));
		}
		return bytes;
	}

	private SwitchConnection connectedInSync(List<Entity> wanted) {
		SwitchConnection sonde = connect(10, wanted);
		awaitStatus(sonde, (status) -> status.isPrimary() && status.lastReconcile() != null
				&& status.lastReconcile().failed().isEmpty(), "primary, reconciled without a refusal");
		return sonde;
	}

	/** The status once it satisfies {@code wanted}; the last one seen in the failure. */
	private static ConnectionStatus awaitStatus(SwitchConnection connection, Predicate<ConnectionStatus> wanted,
			String what) {
		try {
			return await().atMost(WAIT).until(connection::status, wanted);
		}
		catch (ConditionTimeoutException ex) {
			throw new AssertionError("not " + what + " within " + WAIT.toSeconds() + " s; last status: "
					+ connection.status() + "; " + bmv2, ex);
		}
	}

	private SwitchConnection replace(SwitchConnection old, List<Entity> wanted) {
		old.close();
		this.connections.remove(old);
		return connect(10, wanted);
	}

	private SwitchConnection connect(long electionId, List<Entity> wanted) {
		SwitchDevice device = new SwitchDevice("bm1", "127.0.0.1", bmv2.p4RuntimePort(), DEVICE_ID, "", electionId,
				SwitchDevice.SONDE_PIPELINE, null, true);
		SwitchConnection connection = new SwitchConnection(device, SETTINGS, pipeline, (ignored) -> wanted,
				new EntityText(SondePipeline.p4Info()), Clock.systemUTC(), new ConnectionListener() {

					@Override
					public void statusChanged(String switchName, ConnectionStatus status) {
					}

					@Override
					public void packetIn(PacketInReceived packet) {
						Bmv2InteropIntegrationTests.this.packetIns.add(packet);
					}

				}, new TlsMaterial(TlsDirectory.none()))
			.start();
		this.connections.add(connection);
		return connection;
	}

}
