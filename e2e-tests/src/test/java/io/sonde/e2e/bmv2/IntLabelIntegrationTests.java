package io.sonde.e2e.bmv2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.LabelDecision;
import io.sonde.p4programs.SondePipeline.LabelMode;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.entries.LabelFlow;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.entity.CounterEntries;
import io.sonde.p4runtime.entity.Entities;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import p4.v1.Entity;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sonde.p4's INT-label on BMv2 and in the emulator's twin (paper 004 §2, §3, §5): the
 * line {@code h1 — s1 — s2 — s3 — h2} ({@link LabelLine}) on three BMv2 switches and in
 * the emulator, configured by the same P4Runtime writes: node ids, routes both ways, the
 * INT-label settings, the host ports as sink ports (and session 501 and Reg2 as each side
 * takes them). UDP packets from h1 to h2, 20 ms apart, cross s1 port 2, s2 port 2 and s3
 * port 2; s1 labels every packet (T 0) where s2 and s3 label once in the test (T 10 s),
 * so each decision is known in advance and each side is held to it. s3's exports are
 * decoded with the INT-label codec and must be the delivered packet with the items put
 * back (BMv2 cuts them 8 bytes behind the items); h2 must receive every packet as three
 * hops of forwarding leave it without labels, byte for byte; the counters are read over
 * P4Runtime. Then the two sides must agree: the exports item by item (label times,
 * latencies and queue depths aside) and the delivered frames byte for byte. Skipped where
 * BMv2 (or tcpdump/tcpreplay) is not found.
 */
class IntLabelIntegrationTests {

	private static final int H1 = 0x0A000102;

	private static final int H2 = 0x0A000302;

	private static final long H1_MAC = 0x02_00_00_00_01_02L;

	private static final long H2_MAC = 0x02_00_00_00_03_02L;

	private static final long[] SWITCH_MACS = { 0x02_00_00_00_AA_01L, 0x02_00_00_00_AA_02L, 0x02_00_00_00_AA_03L };

	/**
	 * s1's T: 0, so it labels every packet, even two a busy BMv2 happens to send out back
	 * to back (their egress times still differ).
	 */
	private static final long EVERY_PACKET_MICROS = 0;

	/** s2's and s3's T: longer than the test, so each port labels its first packet. */
	private static final long ONCE_MICROS = 10_000_000;

	private static final int MAX_HOP = 5;

	private static final int HOST_PORT = 1;

	private static final int LINE_PORT = 2;

	@TempDir
	Path dir;

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private LabelLine bmv2;

	private LabelLine twin;

	@BeforeEach
	void startBothLines() throws Exception {
		Bmv2Binary binary = Bmv2Binary.require();
		VethWire.requireTools();
		this.bmv2 = Bmv2LabelLine.start(binary, this.dir);
		this.twin = EmulatedLabelLine.start();
		configure(this.bmv2);
		configure(this.twin);
	}

	@AfterEach
	void stopBothLines() throws Exception {
		if (this.twin != null) {
			this.twin.close();
		}
		if (this.bmv2 != null) {
			this.bmv2.close();
		}
	}

	@Test
	void baseALabelsWhenTheIntervalHasPassedAndTheLastHopExportsEveryLabeledPacket() throws Exception {
		assertSameOnBoth(this::baseA);
	}

	private Run baseA(LabelLine line) throws Exception {
		settings(line, EVERY_PACKET_MICROS, LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.BASE_A);
		List<byte[]> sent = flow(40001, 5);

		Run run = send(line, sent, 5);

		// The first packet finds every port's Reg1 at 0; later ones only s1's interval.
		run.assertExport(0, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL),
				hop(3, LabelReason.INTERVAL));
		for (int i = 1; i < 5; i++) {
			run.assertExport(i, false, hop(1, LabelReason.INTERVAL));
		}
		run.assertDelivered(sent);
		assertThat(decisions(line, 0, LabelDecision.INTERVAL)).isEqualTo(5);
		assertThat(decisions(line, 1, LabelDecision.INTERVAL)).isEqualTo(1);
		assertThat(decisions(line, 2, LabelDecision.INTERVAL)).isEqualTo(1);
		assertThat(counter(line, 2, SondeEntities.LABEL_EXPORTS, LINE_PORT)).isEqualTo(5);
		// Items carried out of port 2: one from s1; two from s2 once, then one; none
		// toward h2, where packets leave restored.
		assertThat(carried(line, 0, 1)).isEqualTo(5);
		assertThat(carried(line, 1, 2)).isEqualTo(1);
		assertThat(carried(line, 1, 1)).isEqualTo(4);
		assertThat(carried(line, 2, 0)).as("packets leaving the last hop restored").isEqualTo(5);
		return run;
	}

	@Test
	void baseBWithF1LabelsEveryPacketThatAlreadyCarriesAnItem() throws Exception {
		assertSameOnBoth(this::baseB);
	}

	private Run baseB(LabelLine line) throws Exception {
		settings(line, EVERY_PACKET_MICROS, LabelMode.BASE_B, LabelMode.BASE_B, LabelMode.BASE_B);
		// F1: f(0) = 0 (the table's default), f(n >= 1) = 1.
		for (int s = 0; s < 3; s++) {
			List<Update> f1 = new ArrayList<>();
			for (int n = 1; n <= MAX_HOP; n++) {
				f1.add(insert(this.entities.labelProbability(n, SondePipeline.LABEL_PROBABILITY_ALWAYS, false)));
			}
			line.client(s).write(f1);
		}
		List<byte[]> sent = flow(40001, 5);

		Run run = send(line, sent, 5);

		run.assertExport(0, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL),
				hop(3, LabelReason.INTERVAL));
		for (int i = 1; i < 5; i++) {
			run.assertExport(i, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.PROBABILITY),
					hop(3, LabelReason.PROBABILITY));
		}
		run.assertDelivered(sent);
		assertThat(decisions(line, 1, LabelDecision.PROBABILITY)).isEqualTo(4);
		assertThat(decisions(line, 2, LabelDecision.PROBABILITY)).isEqualTo(4);
		assertThat(carried(line, 1, 2)).isEqualTo(5);
		return run;
	}

	@Test
	void specificFlowsAreLabeledAtEveryHopAsOftenAsTheirSampleIntervalSays() throws Exception {
		assertSameOnBoth(this::specificFlows);
	}

	private Run specificFlows(LabelLine line) throws Exception {
		// Every port labels once by interval: the other labels are the flows'.
		settings(line, ONCE_MICROS, LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.BASE_A);
		// Both on s1, the switch their source attaches to: A every packet, B once.
		line.client(0)
			.write(List.of(
					insert(this.entities.labelFlow(new LabelFlow(H1, H2, LabelFrames.PROTOCOL_UDP, 40001, 5000), 0, 0)),
					insert(this.entities.labelFlow(new LabelFlow(H1, H2, LabelFrames.PROTOCOL_UDP, 40002, 5000), 1,
							ONCE_MICROS))));
		List<byte[]> a = flow(40001, 3);
		List<byte[]> b = flow(40002, 3);
		List<byte[]> sent = List.of(a.get(0), b.get(0), a.get(1), b.get(1), a.get(2), b.get(2));

		Run run = send(line, sent, 4);

		// A specific flow's labels refresh Reg1 too: B's later packets find the
		// interval not yet passed.
		for (int i = 0; i < 4; i++) {
			run.assertExport(i, true, hop(1, LabelReason.SPECIFIC_FLOW), hop(2, LabelReason.SPECIFIC_FLOW),
					hop(3, LabelReason.SPECIFIC_FLOW));
		}
		assertThat(run.exportedIds()).containsExactly(id(a.get(0)), id(b.get(0)), id(a.get(1)), id(a.get(2)));
		run.assertDelivered(sent);
		assertThat(decisions(line, 0, LabelDecision.SPECIFIC_FLOW)).isEqualTo(4);
		assertThat(decisions(line, 2, LabelDecision.SPECIFIC_FLOW)).isEqualTo(4);
		return run;
	}

	@Test
	void reg2ShortensThePortsIntervalToTShiftedRightBySAndItsItemsSaySo() throws Exception {
		assertSameOnBoth(this::shifted);
	}

	private Run shifted(LabelLine line) throws Exception {
		settings(line, ONCE_MICROS, LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.BASE_A);
		// T >> 15 is 305 us, less than the gap between packets.
		int shift = SondePipeline.LABEL_MAX_SHIFT;
		line.writeShift(1, LINE_PORT, shift);
		List<byte[]> sent = flow(40001, 4);

		Run run = send(line, sent, 4);

		run.assertExport(0, false, hop(1, LabelReason.INTERVAL), hop(2, shift, LabelReason.INTERVAL),
				hop(3, LabelReason.INTERVAL));
		for (int i = 1; i < 4; i++) {
			run.assertExport(i, false, hop(2, shift, LabelReason.INTERVAL));
		}
		run.assertDelivered(sent);
		assertThat(decisions(line, 1, LabelDecision.INTERVAL)).isEqualTo(4);
		return run;
	}

	@Test
	void aFullPacketIsExportedAsItCameAndAMalformedOneLeavesUntouched() throws Exception {
		assertSameOnBoth(this::fullAndMalformed);
	}

	private Run fullAndMalformed(LabelLine line) throws Exception {
		// s3 labels nothing but still extracts (mode 0).
		settings(line, ONCE_MICROS, LabelMode.BASE_A, LabelMode.BASE_A, LabelMode.OFF);
		List<LabelItem> upstream = new ArrayList<>();
		for (int i = 0; i < MAX_HOP; i++) {
			upstream
				.add(new LabelItem(100 + i, 3, 4, 1_000_000L * i, 7 + i, 0, i, 0xFFFF_FFFFL, 0, LabelReason.INTERVAL));
		}
		byte[] original = flow(40003, 1).get(0);
		byte[] full = LabelCodec.encode(original, false, upstream);
		byte[] malformed = LabelFrames.withRawItems(flow(40004, 1).get(0), 9, 9);
		byte[] plain = flow(40005, 1).get(0);

		Run run = send(line, List.of(full, malformed, plain), 2);

		assertThat(run.export(0).items()).as("the full packet's items, exported as they came").isEqualTo(upstream);
		run.assertExport(1, false, hop(1, LabelReason.INTERVAL), hop(2, LabelReason.INTERVAL));
		assertThat(run.delivered()).hasSize(3);
		assertThat(run.delivered(id(full))).as("the full packet, restored")
			.isEqualTo(LabelFrames.afterThreeHops(original, SWITCH_MACS[2], H2_MAC));
		assertThat(run.delivered(id(malformed))).as("the malformed packet, forwarded with its 9 items")
			.isEqualTo(LabelFrames.afterThreeHops(malformed, SWITCH_MACS[2], H2_MAC));
		assertThat(run.delivered(id(plain))).isEqualTo(LabelFrames.afterThreeHops(plain, SWITCH_MACS[2], H2_MAC));
		for (int s = 0; s < 3; s++) {
			assertThat(counter(line, s, SondeEntities.LABEL_MALFORMED, 0)).as("malformed at s%d", s + 1).isEqualTo(1);
		}
		assertThat(decisions(line, 0, LabelDecision.FULL)).isEqualTo(1);
		assertThat(decisions(line, 1, LabelDecision.FULL)).isEqualTo(1);
		assertThat(decisions(line, 2, LabelDecision.FULL)).as("mode 0 decides nothing").isZero();
		assertThat(counter(line, 2, SondeEntities.LABEL_EXPORTS, LINE_PORT)).isEqualTo(2);
		return run;
	}

	private interface Scenario {

		Run on(LabelLine line) throws Exception;

	}

	/**
	 * The scenario on BMv2, then on the twin; then the two agree on every export's items
	 * but their times and on every delivered frame. Delivered frames are matched by their
	 * IPv4 id: a last hop's exported packet takes a second pass through BMv2, and a busy
	 * BMv2 may deliver the next packet before it.
	 */
	private void assertSameOnBoth(Scenario scenario) throws Exception {
		Run onBmv2 = scenario.on(this.bmv2);
		Run onTwin = scenario.on(this.twin);
		assertThat(onTwin.timeless()).as("the twin's exports against BMv2's").isEqualTo(onBmv2.timeless());
		assertThat(onTwin.delivered()).as("frames h2 received from the twin against BMv2")
			.hasSameSizeAs(onBmv2.delivered());
		for (byte[] frame : onBmv2.delivered()) {
			assertThat(onTwin.delivered(id(frame))).as("frame with IPv4 id %d at h2, the twin against BMv2", id(frame))
				.isEqualTo(frame);
		}
	}

	/** What s3 exported and h2 received on one line. */
	private record Run(LabelLine line, List<LabelLine.Export> exports, List<byte[]> delivered) {

		/** The frame h2 received with this IPv4 id. */
		byte[] delivered(int id) {
			return this.delivered.stream()
				.filter((frame) -> id(frame) == id)
				.findFirst()
				.orElseThrow(() -> new AssertionError("h2 received no frame with IPv4 id " + id + " on " + this.line));
		}

		List<Integer> exportedIds() {
			return this.exports.stream().map((export) -> id(export.frame())).toList();
		}

		/**
		 * Export {@code index}, decoded; its frame is exactly the delivered packet with
		 * the decoded items put back (cut after the first 8 bytes behind them where the
		 * line cuts exports).
		 */
		LabeledPacket export(int index) throws MalformedTelemetry {
			assertThat(this.exports).as("exports on %s", this.line).hasSizeGreaterThan(index);
			LabelLine.Export export = this.exports.get(index);
			assertThat(export.ingressPort()).as("PacketIn ingress_port of export %d on %s", index, this.line)
				.isEqualTo(1);
			byte[] frame = export.frame();
			LabeledPacket packet = LabelCodec.decode(frame);
			byte[] restored = delivered(id(frame));
			byte[] whole = LabelCodec.encode(restored, packet.specificFlow(), packet.items());
			int cut = LabelFrames.ETHERNET_BYTES + LabelFrames.IPV4_BYTES + SondePipeline.LABEL_OPTION_BYTES
					+ SondePipeline.LABEL_ITEM_BYTES * packet.items().size() + SondePipeline.LABEL_EXPORT_L4_BYTES;
			assertThat(frame).as("export %d on %s: the frame as it would have left s3", index, this.line)
				.isEqualTo(this.line.cutsExports() ? Arrays.copyOf(whole, cut) : whole);
			return packet;
		}

		/**
		 * Export {@code index} carries these hops' items, in path order: the fields a
		 * switch decides (its measurements aside: times only have to be there).
		 */
		void assertExport(int index, boolean specificFlow, Hop... hops) throws MalformedTelemetry {
			LabeledPacket packet = export(index);
			assertThat(packet.specificFlow()).as("export %d specific on %s", index, this.line).isEqualTo(specificFlow);
			assertThat(packet.nextHeader()).isEqualTo(LabelFrames.PROTOCOL_UDP);
			assertThat(packet.items().stream().map(Hop::of).toList()).as("export %d's items on %s", index, this.line)
				.containsExactly(hops);
			assertThat(packet.items()).allSatisfy((item) -> {
				assertThat(item.labelTime()).isPositive();
				assertThat(item.hopLatency()).isLessThan(1_000_000);
			});
		}

		/** h2 received every packet, unlabeled, as three hops of forwarding leave it. */
		void assertDelivered(List<byte[]> sent) {
			assertThat(this.delivered).as("frames h2 received on %s", this.line).hasSameSizeAs(sent);
			for (int i = 0; i < sent.size(); i++) {
				assertThat(delivered(id(sent.get(i)))).as("frame %d at h2 on %s", i, this.line)
					.isEqualTo(LabelFrames.afterThreeHops(sent.get(i), SWITCH_MACS[2], H2_MAC));
			}
		}

		/**
		 * Each export's ingress port, flow, specific bit and items without their
		 * measurements (label time, hop latency, queue depth).
		 */
		List<String> timeless() throws MalformedTelemetry {
			List<String> exported = new ArrayList<>();
			for (LabelLine.Export export : this.exports) {
				LabeledPacket packet = LabelCodec.decode(export.frame());
				exported.add(export.ingressPort() + " " + packet.flow() + " specific=" + packet.specificFlow() + " "
						+ packet.items()
							.stream()
							.map((item) -> new LabelItem(item.deviceId(), item.ingressPort(), item.egressPort(), 0, 0,
									item.queueId(), 0, item.txUtilization(), item.shift(), item.reason()))
							.toList());
			}
			return exported;
		}

	}

	/**
	 * The fields of an item a switch decides. Label time, hop latency and queue depth are
	 * measurements that depend on when each side got to the packet (a busy BMv2 queues
	 * what a virtual-time twin never does).
	 */
	private record Hop(long deviceId, int ingressPort, int egressPort, int queueId, long txUtilization, int shift,
			LabelReason reason) {

		static Hop of(LabelItem item) {
			return new Hop(item.deviceId(), item.ingressPort(), item.egressPort(), item.queueId(), item.txUtilization(),
					item.shift(), item.reason());
		}

	}

	/** Switch {@code device}'s item on the way to h2: in by port 1, out by port 2. */
	private static Hop hop(int device, LabelReason reason) {
		return hop(device, 0, reason);
	}

	/** ... labeled while the port's Reg2 held {@code shift}. */
	private static Hop hop(int device, int shift, LabelReason reason) {
		return new Hop(device, 1, LINE_PORT, 0, 0xFFFF_FFFFL, shift, reason);
	}

	/** Node ids, routes both ways, and the ports toward hosts as sink ports. */
	private void configure(LabelLine line) {
		for (int i = 0; i < 3; i++) {
			long toH2 = (i == 2) ? H2_MAC : SWITCH_MACS[i + 1];
			long toH1 = (i == 0) ? H1_MAC : SWITCH_MACS[i - 1];
			line.client(i)
				.write(List.of(modify(this.entities.nodeId(i + 1)),
						insert(this.entities.route(H2, 32, LINE_PORT, toH2)),
						insert(this.entities.route(H1, 32, HOST_PORT, toH1))));
		}
		line.client(0).write(List.of(insert(this.entities.labelSinkPort(HOST_PORT))));
		line.client(2).write(List.of(insert(this.entities.labelSinkPort(LINE_PORT))));
	}

	/** Every switch's mode, and s1's T; s2's and s3's is {@link #ONCE_MICROS}. */
	private void settings(LabelLine line, long s1Interval, LabelMode s1, LabelMode s2, LabelMode s3) {
		List<LabelMode> modes = List.of(s1, s2, s3);
		for (int i = 0; i < 3; i++) {
			long interval = (i == 0) ? s1Interval : ONCE_MICROS;
			line.client(i).write(List.of(modify(this.entities.labelSettings(modes.get(i), interval, 0, MAX_HOP))));
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

	/** Sends the frames; s3 must export exactly {@code exports} of them. */
	private static Run send(LabelLine line, List<byte[]> frames, int exports) throws Exception {
		LabelLine.Sent sent = line.send(frames, exports);
		assertThat(sent.exports()).as("exports at s3 on %s", line).hasSize(exports);
		return new Run(line, sent.exports(), sent.delivered());
	}

	private static long decisions(LabelLine line, int switchIndex, LabelDecision decision) {
		return counter(line, switchIndex, SondeEntities.LABEL_DECISIONS,
				SondePipeline.labelDecisionCell(LINE_PORT, decision));
	}

	private static long carried(LabelLine line, int switchIndex, int items) {
		return counter(line, switchIndex, SondeEntities.LABEL_CARRIED,
				SondePipeline.labelCarriedCell(LINE_PORT, items));
	}

	private static long counter(LabelLine line, int switchIndex, String counter, int index) {
		CounterEntries counters = new CounterEntries(SondePipeline.p4Info());
		List<Entity> read = line.client(switchIndex).read(List.of(Entities.of(counters.read(counter, index))));
		return read.get(0).getCounterEntry().getData().getPacketCount();
	}

	private static int id(byte[] frame) {
		return LabelFrames.identification(frame);
	}

	private static Update insert(Entity entity) {
		return Update.newBuilder().setType(Update.Type.INSERT).setEntity(entity).build();
	}

	private static Update modify(Entity entity) {
		return Update.newBuilder().setType(Update.Type.MODIFY).setEntity(entity).build();
	}

}
