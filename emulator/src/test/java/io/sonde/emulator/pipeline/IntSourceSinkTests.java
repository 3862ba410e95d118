package io.sonde.emulator.pipeline;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.IntMdPacket;

import static org.assertj.core.api.Assertions.assertThat;

class IntSourceSinkTests {

	@Test
	void sourceInsertsTheShimAndHeaderInsertIntWritesAndPushesItsOwnHop() {
		TestSwitch source = new TestSwitch(7);
		source.tables.addIpv4Route(0, 0, NextHop.to(2, 0x02_00_00_00_00_B0L));
		DirectCounterCell hits = source.tables.addWatchlistEntry(FlowMatch.ANY.withProto(17), 10,
				IntInsertion.insert(0xF000, 6));
		byte[] original = TestFrames.udp().dscp(10).build();
		FrameBuffer frame = FrameBuffer.copyOf(original);

		source.forward(frame, 1, 1, 500, 620, 3);

		IntMdPacket packet = IntTestFrames.readInt(frame);
		assertThat(packet.shim().nextProtocolType()).isZero();
		assertThat(packet.shim().originalDscp()).hasValue(10);
		assertThat(packet.header().version()).isEqualTo(2);
		assertThat(packet.header().hopMetadataLength()).isEqualTo(4);
		assertThat(packet.header().instructions()).isEqualTo(0xF000);
		assertThat(packet.header().remainingHopCount()).as("the source pushed a hop").isEqualTo(5);
		assertThat(packet.hops()).hasSize(1);
		assertThat(packet.hops().get(0).value(io.sonde.p4programs.codec.HopValue.SWITCH_ID)).isEqualTo(7L);
		byte[] out = frame.toByteArray();
		int addedBytes = 16 + 16;
		assertThat(out).hasSize(original.length + addedBytes);
		assertThat(WireBytes.u8(out, 15) >>> 2).as("INT DSCP").isEqualTo(0x17);
		assertThat(WireBytes.u16(out, 16)).isEqualTo(WireBytes.u16(original, 16) + addedBytes);
		assertThat(WireBytes.u16(out, 38)).as("UDP length").isEqualTo(WireBytes.u16(original, 38) + addedBytes);
		assertThat(Ipv4Checksum.compute(out, 14)).isZero();
		assertThat(hits.packets()).isEqualTo(1);
	}

	@Test
	void sourceThenSinkRestoresTheUdpPacketByteForByte() {
		byte[] original = TestFrames.udp().dscp(10).payload(200).build();
		byte[] plain = new ThreeSwitchPath().send(original, 1, 0, 0, 0, 0).toByteArray();
		ThreeSwitchPath withInt = new ThreeSwitchPath().watch(ThreeSwitchPath.BITMAP_ALL, 8);

		byte[] stripped = withInt.send(original, 1, 0, 2, 5, 1).toByteArray();

		assertThat(stripped).isEqualTo(plain);
		assertThat(withInt.c.reports.accepted()).isEqualTo(1);
		assertThat(withInt.truth.snapshot().hopsOf(1)).extracting(HopTruth::switchId).containsExactly(11L, 22L);
	}

	@Test
	void sourceThenSinkRestoresTheTcpPacketAndItsChecksum() {
		byte[] original = TestFrames.tcp().dscp(46).payload(100).build();
		byte[] plain = new ThreeSwitchPath().send(original, 1, 0, 0, 0, 0).toByteArray();

		ThreeSwitchPath withInt = new ThreeSwitchPath().watch(0xCC00, 4);
		byte[] stripped = withInt.send(original, 1, 0, 0, 0, 0).toByteArray();

		assertThat(stripped).isEqualTo(plain);
		assertThat(withInt.truth.snapshot().hopsOf(1)).hasSize(2);
		int l4 = 34;
		assertThat(TestFrames.transportChecksum(withChecksumZeroed(stripped, l4 + 16), 14, l4, stripped.length - l4))
			.isEqualTo(WireBytes.u16(stripped, l4 + 16));
	}

	@Test
	void aFlowLeavingByASinkPortGetsNoInt() {
		TestSwitch single = new TestSwitch(5).withCollector(0);
		single.tables.addIpv4Route(0, 0, NextHop.to(3, 0x02_00_00_00_00_B0L));
		single.tables.addSinkPort(3);
		DirectCounterCell hits = single.tables.addWatchlistEntry(FlowMatch.ANY, 1, IntInsertion.insert(0xF000, 4));
		byte[] original = TestFrames.udp().build();
		FrameBuffer frame = single.forward(FrameBuffer.copyOf(original), 1, 1);
		assertThat(frame.length()).isEqualTo(original.length);
		assertThat(hits.packets()).as("the watchlist is not even looked up").isZero();
		assertThat(single.reports.accepted()).isZero();
	}

	@Test
	void aSkipIntEntryOfHigherPriorityShieldsAFlowFromAWiderMatch() {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0x8000, 4);
		DirectCounterCell shield = path.a.tables.addWatchlistEntry(FlowMatch.ANY.withDstPorts(53, 53), 100,
				IntInsertion.SKIP);
		path.send(TestFrames.udp().ports(999, 53).build(), 1, 0, 0, 0, 0);
		path.send(TestFrames.udp().ports(999, 54).build(), 2, 0, 0, 0, 0);
		assertThat(shield.packets()).isEqualTo(1);
		assertThat(path.c.reports.accepted()).isEqualTo(1);
		assertThat(path.truth.snapshot().wasReported(2)).isTrue();
	}

	@Test
	void theSourceLeavesIpv6AndPacketsThatAlreadyCarryAShim() {
		TestSwitch source = new TestSwitch(7);
		source.tables.addIpv4Route(0, 0, NextHop.to(2, 1));
		source.tables.addIpv6Route(0, 0, 0, NextHop.to(2, 1));
		source.tables.addWatchlistEntry(FlowMatch.ANY, 1, IntInsertion.insert(0x8000, 4));
		byte[] ipv6 = TestFrames.udp().ipv6().build();
		assertThat(source.forward(FrameBuffer.copyOf(ipv6), 1, 1).length()).isEqualTo(ipv6.length);
		byte[] marked = TestFrames.udp().dscp(0x17).payload(4).build();
		assertThat(source.forward(FrameBuffer.copyOf(marked), 2, 1).length()).isEqualTo(marked.length);
	}

	@Test
	void theSinkDropsAPacketWithTheDiscardFlagAfterReportingIt() {
		ThreeSwitchPath path = new ThreeSwitchPath();
		IntMdPacket foreign = IntTestFrames.intPacket(0x8000, 3, 0,
				List.of(IntTestFrames.hop(0x8000, 1), IntTestFrames.hop(0x8000, 2)));
		IntMdPacket discard = new IntMdPacket(foreign.version(), foreign.shim(),
				foreign.header().withFlags(true, false, false), foreign.hops(), List.of(), null, foreign.endOffset());
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(), discard);

		FrameBuffer out = path.c.forward(FrameBuffer.copyOf(frame), 9, 1);

		assertThat(out).isNull();
		assertThat(path.c.reports.accepted()).isEqualTo(1);
	}

	@Test
	void aStackThatDidNotParseLeavesTheSinkAsItCame() {
		ThreeSwitchPath path = new ThreeSwitchPath();
		List<io.sonde.p4programs.codec.IntHop> hops = new java.util.ArrayList<>();
		for (int i = 0; i < 9; i++) {
			hops.add(IntTestFrames.hop(0x8000, i));
		}
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(0x8000, 0, 0, hops));

		FrameBuffer out = path.c.forward(FrameBuffer.copyOf(frame), 9, 1);

		assertThat(out.length()).isEqualTo(frame.length);
		assertThat(IntTestFrames.readInt(out).hops()).hasSize(9);
		assertThat(path.c.reports.accepted()).isZero();
	}

	@Test
	void theSourceSavesTheOriginalDscpForTheSinkToRestore() {
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0x8000, 4);
		FrameBuffer out = path.send(TestFrames.udp().dscp(0x2E).build(), 1, 0, 0, 0, 0);
		assertThat(WireBytes.u8(out.bytes(), 15) >>> 2).isEqualTo(0x2E);
		assertThat(path.c.reports.accepted()).as("the packet carried INT to the sink").isEqualTo(1);
	}

	private static byte[] withChecksumZeroed(byte[] frame, int checksumOffset) {
		byte[] copy = frame.clone();
		WireBytes.put16(copy, checksumOffset, 0);
		return copy;
	}

}
