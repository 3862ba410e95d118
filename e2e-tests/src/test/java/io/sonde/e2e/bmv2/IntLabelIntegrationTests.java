package io.sonde.e2e.bmv2;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.LabelDecision;
import io.sonde.p4programs.SondePipeline.LabelMode;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.entries.LabelFlow;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.switches.internal.connection.PipelineArtifact;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import p4.v1.Entity;
import p4.v1.PacketIn;
import p4.v1.SetForwardingPipelineConfigRequest;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * sonde.p4's INT-label on BMv2 (paper 004 §2, §3, §5): {@code h1 — s1 — s2 — s3 — h2} on
 * veth pairs, each switch with its node id, routes both ways, INT-label settings and the
 * host ports as sink ports over P4Runtime, and the export clone session 501 to the CPU
 * port over Thrift (see {@link Bmv2Thrift} for why). UDP packets from h1 to h2, 20 ms
 * apart, cross s1 port 2, s2 port 2 and s3 port 2; s1 labels every packet (T 1 ms) where
 * s2 and s3 label once in the test (T 10 s), so each decision is known in advance. s3's
 * exports arrive as PacketIns and are decoded with the INT-label codec; h2 must receive
 * every packet as three hops of forwarding leave it without labels, byte for byte.
 * Skipped where BMv2 (or tcpdump/tcpreplay) is not found.
 */
class IntLabelIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final int H1 = 0x0A000102;

	private static final int H2 = 0x0A000302;

	private static final long H1_MAC = 0x02_00_00_00_01_02L;

	private static final long H2_MAC = 0x02_00_00_00_03_02L;

	private static final long[] SWITCH_MACS = { 0x02_00_00_00_AA_01L, 0x02_00_00_00_AA_02L, 0x02_00_00_00_AA_03L };

	private static final List<String> NAMES = List.of("s1", "s2", "s3");

	/** s1's T: shorter than the gap between packets, so it labels every one. */
	private static final long EVERY_PACKET_MICROS = 1_000;

	/** s2's and s3's T: longer than the test, so each port labels its first packet. */
	private static final long ONCE_MICROS = 10_000_000;

	private static final int MAX_HOP = 5;

	private static final int PACKETS_PER_SECOND = 50;

	private static final int HOST_PORT = 1;

	private static final int LINE_PORT = 2;

	@TempDir
	Path dir;

	private Bmv2Namespace namespace;

	private final List<Bmv2Switch> switches = new ArrayList<>();

	private final List<P4RuntimeClient> clients = new ArrayList<>();

	private final List<List<PacketIn>> packetIns = List.of(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>(),
			new CopyOnWriteArrayList<>());

	private String h1;

	private String h2;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	@BeforeEach
	void startThreeSwitches() throws Exception {
		Bmv2Binary binary = Bmv2Binary.require();
		VethWire.requireTools();
		PipelineArtifact pipeline = PipelineArtifact.sondeP4();
		this.namespace = Bmv2Namespace.create();
		List<String> h1s1 = this.namespace.vethPair("h1", "s1p1");
		List<String> s1s2 = this.namespace.vethPair("s1p2", "s2p1");
		List<String> s2s3 = this.namespace.vethPair("s2p2", "s3p1");
		List<String> s3h2 = this.namespace.vethPair("s3p2", "h2");
		this.h1 = h1s1.get(0);
		this.h2 = s3h2.get(1);
		List<Map<Integer, String>> ports = List.of(Map.of(HOST_PORT, h1s1.get(1), LINE_PORT, s1s2.get(0)),
				Map.of(1, s1s2.get(1), 2, s2s3.get(0)), Map.of(1, s2s3.get(1), LINE_PORT, s3h2.get(0)));
		for (int i = 0; i < NAMES.size(); i++) {
			int device = i + 1;
			int thriftPort = 9289 + device;
			Bmv2Switch bmv2 = Bmv2Switch.start(binary, this.namespace, NAMES.get(i), device, thriftPort, ports.get(i));
			this.switches.add(bmv2);
			new Bmv2Thrift().mirroringAdd(SondePipeline.LABEL_EXPORT_CLONE_SESSION_ID, Bmv2Switch.CPU_PORT)
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
			long toH2 = (i == 2) ? H2_MAC : SWITCH_MACS[i + 1];
			long toH1 = (i == 0) ? H1_MAC : SWITCH_MACS[i - 1];
			client.write(
					List.of(modify(this.entities.nodeId(device)), insert(this.entities.route(H2, 32, LINE_PORT, toH2)),
							insert(this.entities.route(H1, 32, 1, toH1))));
			client.onPacketIn(this.packetIns.get(i)::add);
		}
		// The ports toward hosts: where labels end.
		this.clients.get(0).write(List.of(insert(this.entities.labelSinkPort(HOST_PORT))));
		this.clients.get(2).write(List.of(insert(this.entities.labelSinkPort(LINE_PORT))));
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
	void baseALabelsWhenTheIntervalHasPassedAndTheLastHopExportsEveryLabeledPacket() throws Exception {
		settings(LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.BASE_A);
		List<byte[]> sent = flow(40001, 5);

		Run run = send(sent, 5);

		// The first packet finds every port's Reg1 at 0; later ones only s1's interval.
		run.assertExport(0, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL),
				hop(3, LabelReason.INTERVAL));
		for (int i = 1; i < 5; i++) {
			run.assertExport(i, false, hop(1, LabelReason.INTERVAL));
		}
		run.assertDelivered(sent);
		assertThat(decisions(0, LabelDecision.INTERVAL)).isEqualTo(5);
		assertThat(decisions(1, LabelDecision.INTERVAL)).isEqualTo(1);
		assertThat(decisions(2, LabelDecision.INTERVAL)).isEqualTo(1);
		assertThat(counter(2, SondeEntities.LABEL_EXPORTS, LINE_PORT)).isEqualTo(5);
		// Items carried out of port 2: one from s1; two from s2 once, then one; none
		// toward h2, where packets leave restored.
		assertThat(carried(0, 1)).isEqualTo(5);
		assertThat(carried(1, 2)).isEqualTo(1);
		assertThat(carried(1, 1)).isEqualTo(4);
		assertThat(carried(2, 0)).as("packets leaving the last hop restored").isEqualTo(5);
	}

	@Test
	void baseBWithF1LabelsEveryPacketThatAlreadyCarriesAnItem() throws Exception {
		settings(LabelMode.BASE_B, LabelMode.BASE_B, LabelMode.BASE_B);
		// F1: f(0) = 0 (the table's default), f(n >= 1) = 1.
		for (P4RuntimeClient client : this.clients) {
			List<Update> f1 = new ArrayList<>();
			for (int n = 1; n <= MAX_HOP; n++) {
				f1.add(insert(this.entities.labelProbability(n, SondePipeline.LABEL_PROBABILITY_ALWAYS, false)));
			}
			client.write(f1);
		}
		List<byte[]> sent = flow(40001, 5);

		Run run = send(sent, 5);

		run.assertExport(0, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL),
				hop(3, LabelReason.INTERVAL));
		for (int i = 1; i < 5; i++) {
			run.assertExport(i, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.PROBABILITY),
					hop(3, LabelReason.PROBABILITY));
		}
		run.assertDelivered(sent);
		assertThat(decisions(1, LabelDecision.PROBABILITY)).isEqualTo(4);
		assertThat(decisions(2, LabelDecision.PROBABILITY)).isEqualTo(4);
		assertThat(carried(1, 2)).isEqualTo(5);
	}

	@Test
	void specificFlowsAreLabeledAtEveryHopAsOftenAsTheirSampleIntervalSays() throws Exception {
		// Every port labels once by interval: the other labels are the flows'.
		settings(ONCE_MICROS, LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.BASE_A);
		long once = ONCE_MICROS;
		// Both on s1, the switch their source attaches to: A every packet, B once.
		this.clients.get(0)
			.write(List.of(
					insert(this.entities.labelFlow(new LabelFlow(H1, H2, LabelFrames.PROTOCOL_UDP, 40001, 5000), 0, 0)),
					insert(this.entities.labelFlow(new LabelFlow(H1, H2, LabelFrames.PROTOCOL_UDP, 40002, 5000), 1,
							once))));
		List<byte[]> a = flow(40001, 3);
		List<byte[]> b = flow(40002, 3);
		List<byte[]> sent = List.of(a.get(0), b.get(0), a.get(1), b.get(1), a.get(2), b.get(2));

		Run run = send(sent, 4);

		// A specific flow's labels refresh Reg1 too: B's later packets find s1's
		// interval not yet passed.
		for (int i = 0; i < 4; i++) {
			run.assertExport(i, true, hop(1, LabelReason.SPECIFIC_FLOW), hop(2, LabelReason.SPECIFIC_FLOW),
					hop(3, LabelReason.SPECIFIC_FLOW));
		}
		assertThat(run.exportedIds()).containsExactly(id(a.get(0)), id(b.get(0)), id(a.get(1)), id(a.get(2)));
		run.assertDelivered(sent);
		assertThat(decisions(0, LabelDecision.SPECIFIC_FLOW)).isEqualTo(4);
		assertThat(decisions(2, LabelDecision.SPECIFIC_FLOW)).isEqualTo(4);
	}

	@Test
	void aFullPacketIsExportedAsItCameAndAMalformedOneLeavesUntouched() throws Exception {
		// s3 labels nothing but still extracts (mode 0).
		settings(LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.OFF);
		List<LabelItem> upstream = new ArrayList<>();
		for (int i = 0; i < MAX_HOP; i++) {
			upstream
				.add(new LabelItem(100 + i, 3, 4, 1_000_000L * i, 7 + i, 0, i, 0xFFFF_FFFFL, 0, LabelReason.INTERVAL));
		}
		byte[] original = flow(40003, 1).get(0);
		byte[] full = LabelCodec.encode(original, false, upstream);
		byte[] malformed = LabelFrames.withRawItems(flow(40004, 1).get(0), 9, 9);
		byte[] plain = flow(40005, 1).get(0);

		Run run = send(List.of(full, malformed, plain), 2);

		LabeledPacket exported = run.export(0);
		assertThat(exported.items()).as("the full packet's items, exported as they came").isEqualTo(upstream);
		run.assertExport(1, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL));
		assertThat(run.delivered()).hasSize(3);
		assertThat(run.delivered().get(0)).as("the full packet, restored")
			.isEqualTo(LabelFrames.afterThreeHops(original, SWITCH_MACS[2], H2_MAC));
		assertThat(run.delivered().get(1)).as("the malformed packet, forwarded with its 9 items")
			.isEqualTo(LabelFrames.afterThreeHops(malformed, SWITCH_MACS[2], H2_MAC));
		assertThat(run.delivered().get(2)).isEqualTo(LabelFrames.afterThreeHops(plain, SWITCH_MACS[2], H2_MAC));
		for (int s = 0; s < 3; s++) {
			assertThat(counter(s, SondeEntities.LABEL_MALFORMED, 0)).as("malformed at %s", NAMES.get(s)).isEqualTo(1);
		}
		assertThat(decisions(0, LabelDecision.FULL)).isEqualTo(1);
		assertThat(decisions(1, LabelDecision.FULL)).isEqualTo(1);
		assertThat(decisions(2, LabelDecision.FULL)).as("mode 0 decides nothing").isZero();
		assertThat(counter(2, SondeEntities.LABEL_EXPORTS, LINE_PORT)).isEqualTo(2);
	}

	/** What s3 exported and h2 received. */
	private final class Run {

		private final List<PacketIn> exports;

		private final List<byte[]> delivered;

		private Run(List<PacketIn> exports, List<byte[]> delivered) {
			this.exports = exports;
			this.delivered = delivered;
		}

		List<byte[]> delivered() {
			return this.delivered;
		}

		List<Integer> exportedIds() {
			return this.exports.stream().map((in) -> id(in.getPayload().toByteArray())).toList();
		}

		/**
		 * Export {@code index}, decoded; its frame is exactly the delivered packet with
		 * the decoded items put back, cut after the first 8 bytes behind them.
		 */
		LabeledPacket export(int index) throws Exception {
			byte[] frame = this.exports.get(index).getPayload().toByteArray();
			assertThat(ingressPort(this.exports.get(index))).as("PacketIn ingress_port of export %d", index)
				.isEqualTo(1);
			LabeledPacket packet = LabelCodec.decode(frame);
			byte[] restored = this.delivered.stream()
				.filter((d) -> id(d) == id(frame))
				.findFirst()
				.orElseThrow(() -> new AssertionError("export " + index + " of a packet h2 did not receive"));
			byte[] whole = LabelCodec.encode(restored, packet.specificFlow(), packet.items());
			int cut = LabelFrames.ETHERNET_BYTES + LabelFrames.IPV4_BYTES + SondePipeline.LABEL_OPTION_BYTES
					+ SondePipeline.LABEL_ITEM_BYTES * packet.items().size() + SondePipeline.LABEL_EXPORT_L4_BYTES;
			assertThat(frame).as("export %d: the frame as it would have left s3, cut after the items", index)
				.isEqualTo(Arrays.copyOf(whole, cut));
			return packet;
		}

		/**
		 * Export {@code index} carries these hops' items, in path order: the fields a
		 * switch decides (label times and latencies aside, which only have to be there).
		 */
		void assertExport(int index, boolean specificFlow, Hop... hops) throws Exception {
			assertThat(this.exports).as("exports").hasSizeGreaterThan(index);
			LabeledPacket packet = export(index);
			assertThat(packet.specificFlow()).as("export %d specific", index).isEqualTo(specificFlow);
			assertThat(packet.nextHeader()).isEqualTo(LabelFrames.PROTOCOL_UDP);
			assertThat(packet.items().stream().map(Hop::of).toList()).as("export %d's items", index)
				.containsExactly(hops);
			assertThat(packet.items()).allSatisfy((item) -> {
				assertThat(item.labelTime()).isPositive();
				assertThat(item.hopLatency()).isLessThan(1_000_000);
			});
		}

		/** h2 received every packet, unlabeled, as three hops of forwarding leave it. */
		void assertDelivered(List<byte[]> sent) {
			assertThat(this.delivered).as("frames h2 received").hasSameSizeAs(sent);
			for (int i = 0; i < sent.size(); i++) {
				assertThat(this.delivered.get(i)).as("frame %d at h2", i)
					.isEqualTo(LabelFrames.afterThreeHops(sent.get(i), SWITCH_MACS[2], H2_MAC));
			}
		}

	}

	/** The fields of an item a switch decides. */
	private record Hop(long deviceId, int ingressPort, int egressPort, int queueId, int queueDepth, long txUtilization,
			int shift, LabelReason reason) {

		static Hop of(LabelItem item) {
			return new Hop(item.deviceId(), item.ingressPort(), item.egressPort(), item.queueId(), item.queueDepth(),
					item.txUtilization(), item.shift(), item.reason());
		}

	}

	/** Switch {@code device}'s item on the way to h2: in by port 1, out by port 2. */
	private static Hop hop(int device, LabelReason reason) {
		return new Hop(device, 1, LINE_PORT, 0, 0, 0xFFFF_FFFFL, 0, reason);
	}

	/** Every switch's mode; s1 labels every packet, s2 and s3 once. */
	private void settings(LabelMode s1, LabelMode s2, LabelMode s3) {
		settings(EVERY_PACKET_MICROS, s1, s2, s3);
	}

	/** Every switch's mode, and s1's T; s2's and s3's is {@link #ONCE_MICROS}. */
	private void settings(long s1Interval, LabelMode s1, LabelMode s2, LabelMode s3) {
		List<LabelMode> modes = List.of(s1, s2, s3);
		for (int i = 0; i < 3; i++) {
			long interval = (i == 0) ? s1Interval : ONCE_MICROS;
			this.clients.get(i).write(List.of(modify(this.entities.labelSettings(modes.get(i), interval, 0, MAX_HOP))));
		}
	}

	/** {@code count} packets of one UDP flow h1 → h2, each named by its IPv4 id. */
	private static List<byte[]> flow(int srcPort, int count) {
		List<byte[]> frames = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			frames.add(LabelFrames.udp(SWITCH_MACS[0], H1_MAC, H1, H2, srcPort, 5000, srcPort * 16 + i, 64 + i));
		}
		return frames;
	}

	/**
	 * Sends the frames from h1 and waits for h2 to receive them all and for s3 to export
	 * {@code exports}; then for a second more, so that one too many shows.
	 */
	private Run send(List<byte[]> frames, int exports) throws Exception {
		List<byte[]> delivered;
		try (VethWire.Tap tap = VethWire.tap(this.namespace, this.h2, this.dir.resolve("h2.pcap"))) {
			VethWire.send(this.namespace, this.h1, frames, PACKETS_PER_SECOND, this.dir.resolve("h1.pcap"));
			await().atMost(WAIT).until(() -> this.packetIns.get(2).size() >= exports);
			delivered = tap.awaitFrames(frames.size(), WAIT);
			Thread.sleep(1_000);
		}
		assertThat(this.packetIns.get(0)).as("PacketIns at s1").isEmpty();
		assertThat(this.packetIns.get(1)).as("PacketIns at s2").isEmpty();
		assertThat(this.packetIns.get(2)).as("exports at s3, %s", this.switches.get(2)).hasSize(exports);
		return new Run(List.copyOf(this.packetIns.get(2)), delivered);
	}

	private long decisions(int switchIndex, LabelDecision decision) {
		return counter(switchIndex, SondeEntities.LABEL_DECISIONS,
				SondePipeline.labelDecisionCell(LINE_PORT, decision));
	}

	private long carried(int switchIndex, int items) {
		return counter(switchIndex, SondeEntities.LABEL_CARRIED, SondePipeline.labelCarriedCell(LINE_PORT, items));
	}

	private long counter(int switchIndex, String counter, int index) {
		CounterEntries counters = new CounterEntries(SondePipeline.p4Info());
		List<Entity> read = this.clients.get(switchIndex).read(List.of(Entities.of(counters.read(counter, index))));
		return read.get(0).getCounterEntry().getData().getPacketCount();
	}

	private static int id(byte[] frame) {
		return LabelFrames.identification(frame);
	}

	private static int ingressPort(PacketIn packetIn) {
		int port = 0;
		for (byte b : packetIn.getMetadataList()
			.stream()
			.filter((metadata) -> metadata.getMetadataId() == 1)
			.findFirst()
			.orElseThrow()
			.getValue()
			.toByteArray()) {
			port = (port << 8) | (b & 0xFF);
		}
		return port;
	}

	private static Update insert(Entity entity) {
		return Update.newBuilder().setType(Update.Type.INSERT).setEntity(entity).build();
	}

	private static Update modify(Entity entity) {
		return Update.newBuilder().setType(Update.Type.MODIFY).setEntity(entity).build();
	}

}
