package io.sonde.emulator.pipeline;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdPacket;

import static org.assertj.core.api.Assertions.assertThat;

class IntTransitTests {

	private final TestSwitch transit = new TestSwitch(0x0A0B0C0DL);

	IntTransitTests() {
		this.transit.tables.addIpv4Route(0, 0, NextHop.to(2, 0x02_00_00_00_00_C0L));
		this.transit.tables.addIpv6Route(0, 0, 0, NextHop.to(2, 0x02_00_00_00_00_C0L));
	}

	private static byte[] foreign(int instructions, int remainingHopCount, int hops) {
		List<IntHop> stack = new java.util.ArrayList<>();
		for (int i = 0; i < hops; i++) {
			stack.add(IntTestFrames.hop(instructions, 100 + i));
		}
		return IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(instructions, remainingHopCount, 0, stack));
	}

	@Test
	void pushesAllNineItemsOfTheFullBitmapInBitOrder() {
		byte[] frame = foreign(0xFF80, 5, 1);
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 42, 3, 1_000, 1_750, 5);

		IntMdPacket packet = IntTestFrames.readInt(out);
		assertThat(packet.hops()).hasSize(2);
		IntHop pushed = packet.hops().get(1);
		assertThat(pushed.values()).containsExactly(Map.entry(HopValue.SWITCH_ID, 0x0A0B0C0DL),
				Map.entry(HopValue.INGRESS_PORT, 3L), Map.entry(HopValue.EGRESS_PORT, 2L),
				Map.entry(HopValue.HOP_LATENCY, 750L), Map.entry(HopValue.QUEUE_ID, 0L),
				Map.entry(HopValue.QUEUE_OCCUPANCY, 5L), Map.entry(HopValue.INGRESS_TS, 1_000L),
				Map.entry(HopValue.EGRESS_TS, 1_750L), Map.entry(HopValue.L2_INGRESS_PORT, 3L),
				Map.entry(HopValue.L2_EGRESS_PORT, 2L), Map.entry(HopValue.EGRESS_TX_UTIL, 0xFFFF_FFFFL),
				Map.entry(HopValue.BUFFER_ID, 0xFFL), Map.entry(HopValue.BUFFER_OCCUPANCY, 0xFF_FFFFL));
		assertThat(packet.hops().get(0)).as("the older hop is untouched").isEqualTo(IntTestFrames.hop(0xFF80, 100));
		HopTruth truth = this.transit.truth.snapshot().hopsOf(42).get(0);
		assertThat(truth.hopLatency()).isEqualTo(750);
		assertThat(truth.queueOccupancy()).isEqualTo(5);
		assertThat(truth.ingressPort()).isEqualTo(3);
		assertThat(truth.egressPort()).isEqualTo(2);
		assertThat(truth.instructions()).isEqualTo(0xFF80);
	}

	@Test
	void writesTheHopWordsAtTheTopOfTheStack() {
		byte[] frame = foreign(0x2400, 5, 1);
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 1, 3, 0x1_0000_0000L, 0x1_0000_0123L, 0);
		// Stack after shim (4) + MD header (12) behind UDP at 42: latency word, then the
		// 8-byte egress timestamp.
		int stack = 42 + 16;
		assertThat(WireBytes.u32(out.bytes(), stack)).isEqualTo(0x123);
		assertThat(WireBytes.u32(out.bytes(), stack + 4)).isEqualTo(0x1);
		assertThat(WireBytes.u32(out.bytes(), stack + 8)).isEqualTo(0x123);
		assertThat(IntTestFrames.readInt(out).hops().get(1).values().keySet()).containsExactly(HopValue.HOP_LATENCY,
				HopValue.EGRESS_TS);
	}

	@Test
	void countsTheHopInRemainingHopCountLengthsAndShim() {
		byte[] frame = foreign(0xB000, 5, 2);
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 1, 3);
		byte[] bytes = out.toByteArray();
		int added = 3 * 4;
		assertThat(bytes).hasSize(frame.length + added);
		assertThat(WireBytes.u8(bytes, 42 + 1)).as("shim Length").isEqualTo(WireBytes.u8(frame, 43) + 3);
		assertThat(WireBytes.u8(bytes, 42 + 7)).as("Remaining Hop Count").isEqualTo(4);
		assertThat(WireBytes.u16(bytes, 16)).isEqualTo(WireBytes.u16(frame, 16) + added);
		assertThat(WireBytes.u16(bytes, 38)).isEqualTo(WireBytes.u16(frame, 38) + added);
		assertThat(Ipv4Checksum.compute(bytes, 14)).isZero();
	}

	@Test
	void setsEAndPushesNothingWhenNoHopRemains() {
		byte[] frame = foreign(0xB000, 0, 2);
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 1, 3);
		IntMdPacket packet = IntTestFrames.readInt(out);
		assertThat(packet.header().hopCountExceeded()).isTrue();
		assertThat(packet.header().mtuExceeded()).isFalse();
		assertThat(packet.header().remainingHopCount()).isZero();
		assertThat(packet.hops()).hasSize(2);
		assertThat(out.length()).isEqualTo(frame.length);
	}

	@Test
	void setsMWhenTheStackIsFull() {
		byte[] frame = foreign(0x8000, 4, 8);
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 1, 3);
		IntMdPacket packet = IntTestFrames.readInt(out);
		assertThat(packet.header().mtuExceeded()).isTrue();
		assertThat(packet.header().remainingHopCount()).isEqualTo(4);
		assertThat(packet.hops()).hasSize(8);
	}

	@Test
	void addsNothingWhenHopMlDisagreesWithTheBitmap() {
		byte[] frame = foreign(0x8000, 4, 1);
		// Hop ML 2 for a one-word bitmap; the stack of 2 words then parses as raw words.
		frame[42 + 6] = 2;
		frame[42 + 1] = 5;
		byte[] padded = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				java.util.Arrays.copyOfRange(frame, 42, frame.length - 32 + 4));
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(padded), 1, 3);
		assertThat(out.length()).isEqualTo(padded.length);
		assertThat(WireBytes.u8(out.bytes(), 42 + 7)).isEqualTo(4);
		assertThat(this.transit.truth.hopsRecorded()).isZero();
	}

	@Test
	void growsTheIpv6PayloadLength() {
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().ipv6().dscp(0x17).build(),
				IntTestFrames.intPacket(0x8000, 3, 0, List.of(IntTestFrames.hop(0x8000, 1))));
		FrameBuffer out = this.transit.forward(FrameBuffer.copyOf(frame), 1, 3);
		assertThat(WireBytes.u16(out.bytes(), 14 + 4)).isEqualTo(WireBytes.u16(frame, 18) + 4);
		assertThat(IntTestFrames.readInt(out).hops()).hasSize(2);
	}

	@Test
	void growsAFrameWithoutHeadroom() {
		byte[] frame = foreign(0xFF80, 5, 1);
		FrameBuffer tight = FrameBuffer.wrap(frame.clone(), frame.length);
		FrameBuffer out = this.transit.forward(tight, 1, 3);
		assertThat(out.length()).isEqualTo(frame.length + 48);
		assertThat(IntTestFrames.readInt(out).hops()).hasSize(2);
	}

}
