package io.sonde.emulator.pipeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ForwardingTests {

	private static final long NEXT_HOP_MAC = 0x02_00_00_00_00_BBL;

	private final TestSwitch sw = new TestSwitch(1);

	@Test
	void longestPrefixPicksThePortAndRewritesMacsAndTtl() {
		DirectCounterCell wide = this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 0, 0), 8,
				NextHop.to(1, 0x02_00_00_00_00_AAL));
		DirectCounterCell narrow = this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 1, 0), 24,
				NextHop.to(2, NEXT_HOP_MAC));
		byte[] original = TestFrames.udp().ttl(64).build();
		FrameBuffer frame = FrameBuffer.copyOf(original);

		this.sw.forward(frame, 1, 7);

		assertThat(this.sw.result.egressPort()).isEqualTo(2);
		byte[] out = frame.toByteArray();
		assertThat(WireBytes.u48(out, 0)).isEqualTo(NEXT_HOP_MAC);
		assertThat(WireBytes.u48(out, 6)).isEqualTo(TestFrames.SWITCH_MAC);
		assertThat(WireBytes.u8(out, 14 + 8)).isEqualTo(63);
		assertThat(Ipv4Checksum.compute(out, 14)).as("checksum recomputed on the way out").isZero();
		assertThat(narrow.packets()).isEqualTo(1);
		assertThat(narrow.bytes()).isEqualTo(original.length);
		assertThat(wide.packets()).isZero();
	}

	@Test
	void aMissRunsTheDefaultDropAndCountsNoEntry() {
		this.sw.tables.addIpv4Route(TestFrames.address(10, 9, 0, 0), 16, NextHop.to(1, NEXT_HOP_MAC));
		FrameBuffer frame = FrameBuffer.copyOf(TestFrames.udp().build());
		assertThat(this.sw.forward(frame, 1, 3)).isNull();
		assertThat(this.sw.result.drop()).isTrue();
		assertThat(this.sw.registers.packets(SondePortCounter.INGRESS, 3)).isEqualTo(1);
		assertThat(this.sw.registers.packets(SondePortCounter.EGRESS, 511)).isZero();
	}

	@Test
	void countsPortsOnTheWayInAndOut() {
		this.sw.tables.addIpv4Route(0, 0, NextHop.to(4, NEXT_HOP_MAC));
		byte[] original = TestFrames.udp().payload(100).build();
		this.sw.forward(FrameBuffer.copyOf(original), 1, 3);
		this.sw.forward(FrameBuffer.copyOf(original), 2, 3);
		assertThat(this.sw.registers.packets(SondePortCounter.INGRESS, 3)).isEqualTo(2);
		assertThat(this.sw.registers.bytes(SondePortCounter.INGRESS, 3)).isEqualTo(2L * original.length);
		assertThat(this.sw.registers.packets(SondePortCounter.EGRESS, 4)).isEqualTo(2);
	}

	@Test
	void ipv6UsesItsOwnTableAndHopLimit() {
		this.sw.tables.addIpv6Route(0x2001_0db8_0000_0001L, 0, 64, NextHop.to(9, NEXT_HOP_MAC));
		FrameBuffer frame = FrameBuffer.copyOf(TestFrames.udp().ipv6().ttl(10).build());
		this.sw.forward(frame, 1, 1);
		assertThat(this.sw.result.egressPort()).isEqualTo(9);
		assertThat(WireBytes.u8(frame.bytes(), 14 + 7)).isEqualTo(9);
	}

	@Test
	void ttlZeroWrapsAsThePipelineChecksNoExpiry() {
		this.sw.tables.addIpv4Route(0, 0, NextHop.to(4, NEXT_HOP_MAC));
		FrameBuffer frame = FrameBuffer.copyOf(TestFrames.udp().ttl(0).build());
		this.sw.forward(frame, 1, 1);
		assertThat(WireBytes.u8(frame.bytes(), 14 + 8)).isEqualTo(255);
	}

	@Test
	void aFrameNoTableMatchesKeepsEgressSpecZero() {
		byte[] arp = new byte[42];
		arp[12] = 0x08;
		arp[13] = 0x06;
		FrameBuffer frame = FrameBuffer.copyOf(arp);
		this.sw.forward(frame, 1, 5);
		assertThat(this.sw.result.drop()).isFalse();
		assertThat(this.sw.result.egressPort()).isZero();
		assertThat(frame.toByteArray()).isEqualTo(arp);
	}

	@Test
	void rejectsEntriesThePipelineCouldNotHold() {
		org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
			.isThrownBy(() -> this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 0, 1), 24, NextHop.DROP))
			.withMessageContaining("bits past its length");
		org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
			.isThrownBy(() -> NextHop.to(512, 0))
			.withMessageContaining("bit<9>");
	}

}
