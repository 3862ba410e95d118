package io.sonde.emulator.pipeline;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.report.ReportFrame;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IndividualReport;
import io.sonde.p4programs.codec.InnerPacket;
import io.sonde.p4programs.codec.InnerPacketKind;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabelWire;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.ReportFormat;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV05;
import io.sonde.p4programs.codec.TelemetryReportV10;
import io.sonde.p4programs.codec.TelemetryReportV20;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports built from the sink's clone, decoded with the telemetry report codec and held
 * to the ground truth of the packet they report.
 */
class IntReportTests {

	private static TelemetryReportV20 decodeV20(ReportFrame frame) throws MalformedTelemetry {
		return (TelemetryReportV20) TelemetryReportCodec.decode(frame.frame(), frame.payloadOffset(),
				frame.payloadLength());
	}

	@Test
	void aTr20ReportCarriesTheSinksMetadataAndTheStackAsTheGroundTruthHasThem() throws MalformedTelemetry {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(ThreeSwitchPath.BITMAP_ALL, 8);
		byte[] original = TestFrames.udp().payload(300).build();
		path.send(original, 77, 10_000, 4, 9, 0);

		ReportFrame frame = path.c.reports.reports().get(0);
		GroundTruthSnapshot truth = path.truth.snapshot();
		TelemetryReportV20 report = decodeV20(frame);
		ReportTruth reportTruth = truth.report(report.nodeId(), report.hardwareId().intValue(), report.sequence())
			.orElseThrow();
		assertThat(reportTruth.packetId()).isEqualTo(77);
		assertThat(report.nodeId()).isEqualTo(33);
		assertThat(report.hardwareId()).isEqualTo(1);
		assertThat(report.sequence()).isZero();

		IndividualReport individual = report.reports().get(0);
		assertThat(individual.repType()).isEqualTo(IndividualReport.REP_TYPE_INT);
		assertThat(individual.inType()).isEqualTo(4);
		assertThat(individual.trackedFlow()).isTrue();
		assertThat(individual.metadata().repMdBits()).isEqualTo(ThreeSwitchPath.BITMAP_ALL & 0x6E00);
		IntHop sink = individual.metadata().values();
		assertThat(sink.value(HopValue.INGRESS_PORT)).isEqualTo((long) reportTruth.ingressPort());
		assertThat(sink.value(HopValue.EGRESS_PORT)).isEqualTo(3L);
		assertThat(sink.value(HopValue.L2_EGRESS_PORT)).isEqualTo(3L);
		assertThat(sink.value(HopValue.INGRESS_TS)).isEqualTo(reportTruth.ingressTimestamp());
		assertThat(sink.value(HopValue.EGRESS_TS)).isEqualTo(reportTruth.egressTimestamp());
		assertThat(sink.value(HopValue.HOP_LATENCY)).isEqualTo(reportTruth.hopLatency());

		InnerPacket inner = individual.innerPacket();
		assertThat(inner.kind()).isEqualTo(InnerPacketKind.IPV4);
		IntMdPacket stack = IntMdCodec.decode(frame.frame(), inner.offset() + 28, inner.length() - 28);
		assertThat(stack.endOffset()).as("truncated right after the stack").isEqualTo(inner.offset() + inner.length());
		List<HopTruth> hops = truth.hopsOf(77);
		assertThat(stack.hops()).hasSameSizeAs(hops);
		for (int i = 0; i < hops.size(); i++) {
			IntHop hop = stack.hops().get(i);
			HopTruth expected = hops.get(i);
			assertThat(hop.value(HopValue.SWITCH_ID)).isEqualTo(expected.switchId());
			assertThat(hop.value(HopValue.HOP_LATENCY)).isEqualTo(expected.hopLatency());
			assertThat(hop.value(HopValue.QUEUE_OCCUPANCY)).isEqualTo(expected.queueOccupancy());
			assertThat(hop.value(HopValue.INGRESS_TS)).isEqualTo(expected.ingressTimestamp());
			assertThat(hop.value(HopValue.EGRESS_TS)).isEqualTo(expected.egressTimestamp());
			assertThat(hop.value(HopValue.INGRESS_PORT)).isEqualTo((long) expected.ingressPort());
			assertThat(hop.value(HopValue.EGRESS_PORT)).isEqualTo((long) expected.egressPort());
		}
		assertThat(hops).extracting(HopTruth::queueOccupancy).containsExactly(4L, 9L);
		assertThat(hops).extracting(HopTruth::hopLatency).containsExactly(140L, 190L);
	}

	@Test
	void theOuterHeadersAreThoseSendReportSets() {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0x8000, 4);
		byte[] original = TestFrames.udp().ports(4321, 80).build();
		path.send(original, 1, 0, 0, 0, 0);

		byte[] frame = path.c.reports.reports().get(0).frame();
		assertThat(WireBytes.u48(frame, 0)).isEqualTo(TestSwitch.COLLECTOR_MAC);
		assertThat(WireBytes.u16(frame, 12)).isEqualTo(0x0800);
		assertThat(WireBytes.u8(frame, 14)).isEqualTo(0x45);
		assertThat(WireBytes.u16(frame, 16)).as("IPv4 total length").isEqualTo(frame.length - 14);
		assertThat(WireBytes.u16(frame, 20)).as("DF").isEqualTo(0x4000);
		assertThat(WireBytes.u8(frame, 22)).as("TTL").isEqualTo(64);
		assertThat(Ipv4Checksum.compute(frame, 14)).isZero();
		assertThat(WireBytes.u32(frame, 30)).isEqualTo(TestSwitch.COLLECTOR_IP & 0xFFFF_FFFFL);
		assertThat(WireBytes.u16(frame, 34)).as("UDP source port: CRC-16 of the inner 5-tuple")
			.isEqualTo(Crc16.flowHash(TestFrames.address(10, 0, 0, 1), TestFrames.address(10, 0, 1, 2), 17, 4321, 80));
		assertThat(WireBytes.u16(frame, 36)).isEqualTo(32766);
		assertThat(WireBytes.u16(frame, 38)).isEqualTo(frame.length - 34);
		assertThat(WireBytes.u16(frame, 40)).as("UDP checksum").isZero();
	}

	@Test
	void sequenceNumbersCountPerHwId() throws MalformedTelemetry {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0x8000, 4);
		for (int i = 0; i < 3; i++) {
			path.send(TestFrames.udp().build(), i, 0, 0, 0, 0);
		}
		assertThat(path.c.reports.reports()).extracting((frame) -> decodeV20(frame).sequence())
			.containsExactly(0L, 1L, 2L);
		assertThat(path.c.registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, 1)).isEqualTo(3);
		assertThat(path.c.registers.read(SondeRegister.REPORT_SEQUENCE_NUMBER, 0)).isZero();
	}

	@Test
	void theSequenceNumberWrapsAt22BitsOnTheWire() throws MalformedTelemetry {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0x8000, 4);
		path.c.registers.write(SondeRegister.REPORT_SEQUENCE_NUMBER, 1, 0x40_0001);
		path.send(TestFrames.udp().build(), 1, 0, 0, 0, 0);
		assertThat(decodeV20(path.c.reports.reports().get(0)).sequence()).isEqualTo(1);
		assertThat(path.truth.snapshot().reports().get(0).sequenceNumber()).isEqualTo(0x40_0001);
	}

	@Test
	void noCollectorBehindTheMirrorPortDropsTheReport() {
		TestSwitch sink = new TestSwitch(44);
		sink.tables.addIpv4Route(0, 0, NextHop.to(3, 1));
		sink.tables.addSinkPort(3);
		sink.tables.addCloneSession(500, 9);
		FrameBuffer withInt = FrameBuffer.copyOf(IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(0x8000, 3, 0, List.of(IntTestFrames.hop(0x8000, 5)))));
		FrameBuffer out = sink.forward(withInt, 2, 1);
		assertThat(sink.reports.accepted()).isZero();
		assertThat(sink.registers.packets(SondePortCounter.EGRESS, 9)).as("the clone reached egress").isEqualTo(1);
		assertThat(IntTestFrames.dissect(out.toByteArray()).payloadLength()).as("INT stripped").isEqualTo(32);
	}

	@Test
	void withoutTheCloneSessionNoCloneIsMade() {
		TestSwitch sink = new TestSwitch(44);
		sink.tables.addIpv4Route(0, 0, NextHop.to(3, 1));
		sink.tables.addSinkPort(3);
		sink.tables.addReportCollector(TestSwitch.REPORT_PORT, ReportCollector.sendReport(1, 2, 3, 4, 32766, 0));
		FrameBuffer withInt = FrameBuffer.copyOf(IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(0x8000, 3, 0, List.of(IntTestFrames.hop(0x8000, 5)))));
		sink.forward(withInt, 2, 1);
		assertThat(sink.result.cloned()).isFalse();
		assertThat(sink.reports.accepted()).isZero();
		assertThat(withInt.length()).as("INT is stripped all the same").isEqualTo(74);
	}

	@Test
	void aTr10ReportCarriesTheReceivedFrameBehindItsFixedHeader() throws MalformedTelemetry {
		ThreeSwitchPath path = new ThreeSwitchPath(ReportFormat.TR1_0).watch(0xC000, 4);
		path.send(TestFrames.udp().payload(100).build(), 5, 3_000, 0, 0, 0);
		ReportFrame frame = path.c.reports.reports().get(0);
		TelemetryReportV10 report = (TelemetryReportV10) TelemetryReportCodec.decode(frame.frame(),
				frame.payloadOffset(), frame.payloadLength());
		ReportTruth truth = path.truth.snapshot().reportsOf(5).get(0);
		assertThat(report.nodeId()).isEqualTo(33);
		assertThat(report.hardwareId()).isEqualTo(1);
		assertThat(report.sequence()).isZero();
		assertThat(report.trackedFlow()).isTrue();
		assertThat(report.repMdBits()).isZero();
		assertThat(report.ingressTimestamp()).isEqualTo(truth.ingressTimestamp());
		InnerPacket inner = report.innerPacket();
		assertThat(inner.kind()).isEqualTo(InnerPacketKind.ETHERNET);
		// Ethernet 14 + IPv4 20 + UDP 8 + shim and header 16 + two hops of two words.
		assertThat(inner.length()).isEqualTo(14 + 20 + 8 + 16 + 2 * 8);
		IntMdPacket stack = IntMdCodec.decode(frame.frame(), inner.offset() + 42, inner.length() - 42);
		assertThat(stack.hops()).extracting((hop) -> hop.value(HopValue.SWITCH_ID)).containsExactly(11L, 22L);
		assertThat(path.truth.snapshot().reports().get(0).format()).isEqualTo(ReportFormat.TR1_0);
	}

	@Test
	void aTr05ReportCarriesTheReceivedFrameBehindItsFixedHeader() throws MalformedTelemetry {
		ThreeSwitchPath path = new ThreeSwitchPath(ReportFormat.TR0_5).watch(0x8000, 4);
		path.send(TestFrames.udp().build(), 5, 3_000, 0, 0, 0);
		path.send(TestFrames.udp().build(), 6, 4_000, 0, 0, 0);
		ReportFrame frame = path.c.reports.reports().get(1);
		TelemetryReportV05 report = (TelemetryReportV05) TelemetryReportCodec.decode(frame.frame(),
				frame.payloadOffset(), frame.payloadLength());
		assertThat(report.nextProtocol()).isEqualTo(TelemetryReportV05.NPROTO_ETHERNET);
		assertThat(report.sequence()).isEqualTo(1);
		assertThat(report.hardwareId()).isEqualTo(1);
		assertThat(report.ingressTimestamp()).isEqualTo(path.truth.snapshot().reportsOf(6).get(0).ingressTimestamp());
		assertThat(report.innerPacket().length()).isEqualTo(14 + 20 + 8 + 16 + 2 * 4);
		assertThat(TelemetryReportCodec.recognise(frame.frame(), frame.payloadOffset(), frame.payloadLength()))
			.hasValue(ReportFormat.TR0_5);
	}

	@Test
	void reportsOfIpv6PacketsCarryInTypeIpv6() throws MalformedTelemetry {
		TestSwitch sink = new TestSwitch(8).withCollector(2);
		sink.tables.addIpv6Route(0, 0, 0, NextHop.to(3, 1));
		sink.tables.addSinkPort(3);
		byte[] frame = IntTestFrames.withInt(TestFrames.tcp().ipv6().dscp(0x17).build(),
				IntTestFrames.intPacket(0x8000, 3, 0, List.of(IntTestFrames.hop(0x8000, 5))));
		sink.forward(FrameBuffer.copyOf(frame), 1, 1);
		ReportFrame report = sink.reports.reports().get(0);
		IndividualReport individual = decodeV20(report).reports().get(0);
		assertThat(individual.inType()).isEqualTo(5);
		assertThat(individual.innerPacket().length()).isEqualTo(40 + 20 + 16 + 4);
		assertThat(TelemetryReportCodec.recognise(report.frame(), report.payloadOffset(), report.payloadLength()))
			.hasValue(ReportFormat.TR2_0);
	}

	@Test
	void aLabeledPacketIsReportedAsItWouldBeWithoutItsLabels() throws MalformedTelemetry {
		byte[] withInt = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).ports(4321, 80).build(),
				IntTestFrames.intPacket(0x8000, 3, 0, List.of(IntTestFrames.hop(0x8000, 5))));
		byte[] labeled = LabelCodec.encode(withInt, false,
				List.of(new LabelItem(1, 1, 2, 1_000, 10, 0, 3, LabelWire.TX_UTILIZATION_NOT_MEASURED, 0,
						LabelReason.INTERVAL),
						new LabelItem(2, 1, 2, 1_100, 20, 0, 4, LabelWire.TX_UTILIZATION_NOT_MEASURED, 0,
								LabelReason.PROBABILITY)));
		assertThat(labeled).as("two items and the option").hasSize(withInt.length + 2 + 2 * 32);

		ReportFrame plain = reportAtSink(withInt);
		ReportFrame fromLabeled = reportAtSink(labeled);

		assertThat(fromLabeled.frame()).as("the report of the labeled packet, byte for byte").isEqualTo(plain.frame());
		InnerPacket inner = decodeV20(fromLabeled).reports().get(0).innerPacket();
		assertThat(WireBytes.u8(fromLabeled.frame(), inner.offset() + 9)).as("protocol: the option's nh").isEqualTo(17);
		assertThat(Ipv4Checksum.compute(fromLabeled.frame(), inner.offset())).isZero();
	}

	private static ReportFrame reportAtSink(byte[] frame) {
		TestSwitch sink = new TestSwitch(8).withCollector(2);
		sink.tables.addIpv4Route(0, 0, NextHop.to(3, 1));
		sink.tables.addSinkPort(3);
		sink.forward(FrameBuffer.copyOf(frame), 1, 1);
		assertThat(sink.reports.reports()).hasSize(1);
		return sink.reports.reports().get(0);
	}

}
