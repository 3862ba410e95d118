package io.sonde.emulator.pipeline;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabelWire;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-label's decisions on one switch with a controlled clock (INTLABEL-DECISIONS.md
 * "What a switch does"): every packet enters on port 1 and leaves by port 2 at the egress
 * time the test gives; the labeled frames are read back with the codec.
 */
class LabelStagesTests {

	private static final int IN = 1;

	private static final int OUT = 2;

	private static final long T = 1_000;

	private final TestSwitch sw = new TestSwitch(0x0A00_0007L);

	private long nextId = 1;

	LabelStagesTests() {
		this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 1, 0), 24, NextHop.to(OUT, 0x02_00_00_00_00_B0L));
	}

	@Test
	void baseALabelsAtOnceThenOnlyWhenMoreThanTheIntervalHasPassed() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));

		assertThat(items(send(plain(), 5_000))).extracting(LabelItem::reason).containsExactly(LabelReason.INTERVAL);
		assertThat(labeled(send(plain(), 5_500))).as("within T").isFalse();
		assertThat(labeled(send(plain(), 6_000))).as("exactly T: not more than T").isFalse();
		assertThat(items(send(plain(), 6_001))).hasSize(1);

		assertThat(this.sw.registers.read(SondeRegister.LABEL_LAST_TIME, OUT)).isEqualTo(6_001);
		assertThat(decisions(LabelEgress.INTERVAL)).isEqualTo(2);
		assertThat(this.sw.drawsTaken).as("Base A never draws").isZero();
	}

	@Test
	void theItemCarriesThisHopsStateAfterTheEarlierItems() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		this.sw.registers.write(SondeRegister.LABEL_SHIFT, OUT, 3);
		LabelItem earlier = new LabelItem(99, 7, 8, 1234, 5, 0, 6, LabelWire.TX_UTILIZATION_NOT_MEASURED, 0,
				LabelReason.INTERVAL);

		FrameBuffer out = this.sw.forward(FrameBuffer.copyOf(labeledAlready(false, earlier)), this.nextId++, IN, 9_900,
				10_000, 17);

		List<LabelItem> items = items(out);
		assertThat(items).hasSize(2);
		assertThat(items.get(0)).isEqualTo(earlier);
		assertThat(items.get(1)).isEqualTo(new LabelItem(0x0A00_0007L, IN, OUT, 10_000, 100, 0, 17,
				LabelWire.TX_UTILIZATION_NOT_MEASURED, 3, LabelReason.INTERVAL));
		assertThat(LabelCodec.decode(out.toByteArray()).nextHeader()).isEqualTo(LabelWire.PROTOCOL_UDP);
	}

	@Test
	void shiftDividesTheIntervalByPowersOfTwo() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		this.sw.registers.write(SondeRegister.LABEL_SHIFT, OUT, 2);

		assertThat(labeled(send(plain(), 5_000))).isTrue();
		assertThat(labeled(send(plain(), 5_250))).as("T >> 2 = 250, not more").isFalse();
		assertThat(labeled(send(plain(), 5_251))).isTrue();
		this.sw.registers.write(SondeRegister.LABEL_SHIFT, OUT, 48);
		assertThat(labeled(send(plain(), 5_251))).as("S >= 48: interval 0, same microsecond").isFalse();
		assertThat(labeled(send(plain(), 5_252))).as("S >= 48: every later packet").isTrue();
	}

	@Test
	void baseBLabelsCarriedItemsAfterTheRestTimeWithF1() throws MalformedTelemetry {
		baseB(400, 5);
		f1(5);
		assertThat(labeled(send(plain(), 5_000))).as("first label, by interval").isTrue();
		LabelItem earlier = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);

		assertThat(items(send(labeledAlready(false, earlier), 5_300))).as("before T1").hasSize(1);
		assertThat(labeled(send(plain(), 5_500))).as("f(0) = 0").isFalse();
		List<LabelItem> items = items(send(labeledAlready(false, earlier), 5_400));
		assertThat(items).as("T1 reached: f(1) = 1").hasSize(2);
		assertThat(items.get(1).reason()).isEqualTo(LabelReason.PROBABILITY);
		assertThat(this.sw.registers.read(SondeRegister.LABEL_LAST_TIME, OUT)).as("Reg1 := CT").isEqualTo(5_400);
		assertThat(items(send(labeledAlready(false, earlier), 5_500))).as("rest time counts from the new LT")
			.hasSize(1);
		assertThat(decisions(LabelEgress.PROBABILITY)).isEqualTo(1);
		assertThat(this.sw.drawsTaken).as("p = 0 and p = 1 need no draw").isZero();
	}

	@Test
	void shiftDividesTheRestTimeToo() throws MalformedTelemetry {
		baseB(400, 5);
		f1(5);
		this.sw.registers.write(SondeRegister.LABEL_SHIFT, OUT, 1);
		LabelItem earlier = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);
		send(plain(), 5_000);

		assertThat(items(send(labeledAlready(false, earlier), 5_199))).as("T1 >> 1 = 200").hasSize(1);
		assertThat(items(send(labeledAlready(false, earlier), 5_200))).hasSize(2);
	}

	@Test
	void f2LabelsWithProbabilityGrowingWithTheItemCountUsingTheDraws() throws MalformedTelemetry {
		baseB(0, 5);
		// F2: f(n) = n / (MAX_hop - 1); n = 2 gives 0.5, a threshold of 0x8000.
		for (int n = 0; n <= 5; n++) {
			this.sw.tables.addLabelProbability(n,
					new LabelProbability((n >= 4) ? LabelProbability.ALWAYS : n * 0x4000, false));
		}
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);
		send(plain(), 5_000);
		this.sw.draws.addAll(List.of(0x7FFF, 0x8000, 0x3FFF));

		assertThat(items(send(labeledAlready(false, a, a), 5_010))).as("draw 0x7FFF < 0x8000").hasSize(3);
		assertThat(items(send(labeledAlready(false, a, a), 5_020))).as("draw 0x8000, not below").hasSize(2);
		assertThat(items(send(labeledAlready(false, a), 5_030))).as("n = 1: 0x3FFF < 0x4000").hasSize(2);
		assertThat(items(send(labeledAlready(false, a, a, a, a), 5_040))).as("f(4) = 1, no draw").hasSize(5);
		assertThat(this.sw.drawsTaken).isEqualTo(3);
	}

	@Test
	void f3ScalesTheProbabilityByTheElapsedShareOfTheInterval() throws MalformedTelemetry {
		baseB(0, 5);
		this.sw.tables.addLabelProbability(1, new LabelProbability(0x8000, true));
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);
		send(plain(), 5_000);
		// elapsed 500 of T 1000: p = 0.5 x 0.5, label when r x 1000 < 0x8000 x 500.
		this.sw.draws.addAll(List.of(0x4000, 0x3FFF));

		assertThat(items(send(labeledAlready(false, a), 5_500))).as("0x4000 x 1000 is not below").hasSize(1);
		assertThat(items(send(labeledAlready(false, a), 5_500))).hasSize(2);
	}

	@Test
	void f3ScalesEvenTheAlwaysThreshold() throws MalformedTelemetry {
		baseB(0, 5);
		this.sw.tables.addLabelProbability(1, new LabelProbability(LabelProbability.ALWAYS, true));
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);
		send(plain(), 5_000);
		// elapsed 250 of T 1000: p = 1 x 0.25, label when r x 1000 < 65536 x 250.
		this.sw.draws.addAll(List.of(0x4000, 0x3FFF));

		assertThat(items(send(labeledAlready(false, a), 5_250))).hasSize(1);
		assertThat(items(send(labeledAlready(false, a), 5_250))).hasSize(2);
		assertThat(this.sw.drawsTaken).isEqualTo(2);
	}

	@Test
	void fullPacketsAreNotLabeledAndCountedAsFull() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 2));
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.SPECIFIC_FLOW);

		assertThat(items(send(labeledAlready(false, a, a), 5_000))).as("MAX_hop 2 reached").hasSize(2);
		assertThat(items(send(labeledAlready(true, a, a), 7_000))).as("a specific flow too").hasSize(2);
		assertThat(this.sw.registers.read(SondeRegister.LABEL_LAST_TIME, OUT)).as("no label, LT untouched").isZero();
		assertThat(decisions(LabelEgress.FULL)).isEqualTo(2);

		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 20));
		assertThat(items(send(labeledAlready(false, a, a, a, a, a, a, a, a), 9_000))).as("MAX_LABEL_ITEMS caps 20")
			.hasSize(8);
		assertThat(decisions(LabelEgress.FULL)).isEqualTo(3);
	}

	@Test
	void aSpecificFlowIsLabeledAtEveryHopInsideTheInterval() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		send(plain(), 5_000);
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.SPECIFIC_FLOW);

		List<LabelItem> items = items(send(labeledAlready(true, a), 5_001));
		assertThat(items).extracting(LabelItem::reason)
			.containsExactly(LabelReason.SPECIFIC_FLOW, LabelReason.SPECIFIC_FLOW);
		assertThat(decisions(LabelEgress.SPECIFIC_FLOW)).isEqualTo(1);
	}

	@Test
	void modeOffDecidesNothing() throws MalformedTelemetry {
		assertThat(labeled(send(plain(), 5_000))).isFalse();
		assertThat(items(send(labeledAlready(true), 6_000))).as("a specific packet keeps its empty option").isEmpty();
		assertThat(this.sw.registers.read(SondeRegister.LABEL_LAST_TIME, OUT)).isZero();
	}

	@Test
	void aMalformedOptionIsForwardedUnchangedAndCounted() {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		this.sw.tables.addLabelSinkPort(OUT);
		this.sw.tables.addCloneSession(LabelExportSink.EXPORT_CLONE_SESSION_ID, SondeIngress.CPU_PORT);
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);
		byte[] nine = labeledAlready(false, a, a, a, a, a, a, a, a);
		nine[TestOffsets.INT_NUM] = 9;
		byte[] frame = Arrays.copyOf(nine, nine.length + LabelWire.ITEM_BYTES);

		FrameBuffer out = send(frame, 5_000);

		assertThat(out.length()).isEqualTo(frame.length);
		assertThat(Arrays.copyOfRange(out.toByteArray(), 14 + 20, frame.length))
			.isEqualTo(Arrays.copyOfRange(frame, 14 + 20, frame.length));
		assertThat(this.sw.registers.packets(LabelCounter.MALFORMED, 0)).isEqualTo(1);
		assertThat(this.sw.exports).isEmpty();
		assertThat(this.sw.registers.read(SondeRegister.LABEL_LAST_TIME, OUT)).isZero();
	}

	@Test
	void theLastHopExportsToTheControllerAndRestoresThePacketByteForByte() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		this.sw.tables.addLabelSinkPort(OUT);
		this.sw.tables.addCloneSession(LabelExportSink.EXPORT_CLONE_SESSION_ID, SondeIngress.CPU_PORT);
		LabelItem earlier = new LabelItem(5, 1, 3, 4_000, 12, 0, 2, LabelWire.TX_UTILIZATION_NOT_MEASURED, 1,
				LabelReason.INTERVAL);
		byte[] original = plain();
		TestSwitch unlabeled = new TestSwitch(0x0A00_0007L);
		unlabeled.tables.addIpv4Route(TestFrames.address(10, 0, 1, 0), 24, NextHop.to(OUT, 0x02_00_00_00_00_B0L));
		byte[] expected = unlabeled.forward(FrameBuffer.copyOf(original), 1, IN, 4_900, 5_000, 0).toByteArray();

		FrameBuffer delivered = send(LabelCodec.encode(original, false, List.of(earlier)), 5_000);

		assertThat(delivered.toByteArray()).as("what the host gets, as if never labeled").isEqualTo(expected);
		assertThat(this.sw.exports).hasSize(1);
		TestSwitch.Export export = this.sw.exports.get(0);
		assertThat(export.sessionPort()).isEqualTo(SondeIngress.CPU_PORT);
		assertThat(export.ingressPort()).isEqualTo(IN);
		LabeledPacket exported = LabelCodec.decode(export.frame());
		assertThat(exported.items()).hasSize(2);
		assertThat(exported.items().get(0)).isEqualTo(earlier);
		assertThat(exported.items().get(1).deviceId()).isEqualTo(0x0A00_0007L);
		assertThat(LabelCodec.restore(export.frame())).as("the export restores to the delivered packet")
			.isEqualTo(expected);
		assertThat(this.sw.registers.packets(LabelCounter.EXPORTS, OUT)).isEqualTo(1);
		assertThat(this.sw.registers.bytes(LabelCounter.EXPORTS, OUT)).isEqualTo(export.frame().length);
	}

	@Test
	void withoutTheExportSessionTheLastHopStillRestores() {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		this.sw.tables.addLabelSinkPort(OUT);

		FrameBuffer delivered = send(plain(), 5_000);

		assertThat(labeled(delivered)).isFalse();
		assertThat(this.sw.exports).isEmpty();
		assertThat(this.sw.registers.packets(LabelCounter.EXPORTS, OUT)).as("the clone was asked for").isEqualTo(1);
		assertThat(decisions(LabelEgress.INTERVAL)).as("the hop labeled before it extracted").isEqualTo(1);
	}

	@Test
	void carriedCountsPacketsByTheItemsTheyLeaveWith() {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));
		LabelItem a = new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL);

		FrameBuffer one = send(plain(), 5_000);
		FrameBuffer none = send(plain(), 5_001);
		FrameBuffer three = send(labeledAlready(true, a, a), 5_002);

		int cell = OUT * LabelCounter.ITEM_COUNTS;
		assertThat(this.sw.registers.packets(LabelCounter.CARRIED, cell + 1)).isEqualTo(1);
		assertThat(this.sw.registers.bytes(LabelCounter.CARRIED, cell + 1)).isEqualTo(one.length());
		assertThat(this.sw.registers.packets(LabelCounter.CARRIED, cell)).isEqualTo(1);
		assertThat(this.sw.registers.bytes(LabelCounter.CARRIED, cell)).isEqualTo(none.length());
		assertThat(this.sw.registers.packets(LabelCounter.CARRIED, cell + 3)).isEqualTo(1);
		assertThat(this.sw.registers.bytes(LabelCounter.CARRIED, cell + 3)).isEqualTo(three.length());
	}

	@Test
	void aListedFlowBecomesSpecificOncePerSampleInterval() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, 1_000_000, 0, 5));
		this.sw.tables.addLabelFlow(TestFrames.address(10, 0, 0, 1), TestFrames.address(10, 0, 1, 2),
				IntWire.IP_PROTO_UDP, 5000, 6000, new LabelFlow(7, 300));

		assertThat(LabelCodec.decode(send(plain(), 5_000).toByteArray()).specificFlow()).isTrue();
		LabeledPacket within = LabelCodec
			.decode(send(labeledAlready(false, new LabelItem(1, 1, 1, 1, 1, 0, 0, 0, 0, LabelReason.INTERVAL)), 5_300)
				.toByteArray());
		assertThat(within.specificFlow()).as("300 after: not more than the sample interval").isFalse();
		assertThat(within.items()).as("and Base A's interval holds it back").hasSize(1);
		LabeledPacket after = LabelCodec.decode(send(plain(), 5_301).toByteArray());
		assertThat(after.specificFlow()).isTrue();
		assertThat(after.items()).extracting(LabelItem::reason).containsExactly(LabelReason.SPECIFIC_FLOW);
		assertThat(this.sw.registers.read(SondeRegister.LABEL_FLOW_LAST_TIME, 7)).isEqualTo(5_301 - 100);
		assertThat(labeled(send(TestFrames.udp().ports(5000, 6001).build(), 5_400))).as("another flow").isFalse();
	}

	@Test
	void aSampleIntervalOfZeroMakesEveryPacketSpecific() throws MalformedTelemetry {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, 1_000_000, 0, 5));
		this.sw.tables.addLabelFlow(TestFrames.address(10, 0, 0, 1), TestFrames.address(10, 0, 1, 2),
				IntWire.IP_PROTO_UDP, 5000, 6000, new LabelFlow(0, 0));

		for (long t = 5_000; t < 5_003; t++) {
			assertThat(LabelCodec.decode(send(plain(), t).toByteArray()).items()).extracting(LabelItem::reason)
				.containsExactly(LabelReason.SPECIFIC_FLOW);
		}
	}

	@Test
	void packetsFromTheCpuPortAreNotLabeled() {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, T, 0, 5));

		FrameBuffer out = this.sw.forward(FrameBuffer.copyOf(plain()), this.nextId++, SondeIngress.CPU_PORT, 4_900,
				5_000, 0);

		assertThat(labeled(out)).isFalse();
	}

	private void baseB(long restMicros, int maxHop) {
		this.sw.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_B, T, restMicros, maxHop));
	}

	/** F1: f(0) = 0, f(n >= 1) = 1, for n = 0 .. MAX_hop. */
	private void f1(int maxHop) {
		for (int n = 1; n <= maxHop; n++) {
			this.sw.tables.addLabelProbability(n, new LabelProbability(LabelProbability.ALWAYS, false));
		}
	}

	private FrameBuffer send(byte[] frame, long egressTime) {
		return this.sw.forward(FrameBuffer.copyOf(frame), this.nextId++, IN, egressTime - 100, egressTime, 0);
	}

	private long decisions(int reason) {
		return this.sw.registers.packets(LabelCounter.DECISIONS, OUT * LabelCounter.REASONS + reason);
	}

	private static byte[] plain() {
		return TestFrames.udp().build();
	}

	private static byte[] labeledAlready(boolean specific, LabelItem... items) {
		return LabelCodec.encode(plain(), specific, List.of(items));
	}

	private static boolean labeled(FrameBuffer frame) {
		return LabelCodec.recogniseFrame(frame.bytes(), 0, frame.length());
	}

	private static List<LabelItem> items(FrameBuffer frame) throws MalformedTelemetry {
		return LabelCodec.decode(frame.toByteArray()).items();
	}

	/** Where the option's int_num sits in an untagged IPv4 frame. */
	private static final class TestOffsets {

		static final int INT_NUM = 14 + 20 + 1;

	}

}
