package io.sonde.emulator.pipeline;

import java.net.InetAddress;
import java.util.List;

import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.ProbeHop;
import io.sonde.p4programs.codec.ProbeKind;
import io.sonde.p4programs.codec.ProbeRequestType;
import io.sonde.p4programs.codec.SourceRouteEntry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GPINT stages of one switch: the measurement registers count what the data plane
 * sees, ingress decides feedback and next port, egress pops and pushes with the queue
 * depth it is given.
 */
class ProbeStagesTests {

	private final TestSwitch sw = new TestSwitch(0x1_07);

	@Test
	void ruleHitsCountDirectNextHopsInCell0AndGroupsByIdButNotMisses() {
		this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 1, 0), 24, NextHop.to(2, 0x02_00_00_00_00_B0L));
		this.sw.tables.addIpv4Route(TestFrames.address(10, 0, 2, 0), 24, NextHop.group(7));
		this.sw.tables.addNextHopGroup(7, List.of(NextHop.to(3, 0x02_00_00_00_00_C0L)));

		this.sw.forward(FrameBuffer.copyOf(TestFrames.udp().dst(TestFrames.address(10, 0, 1, 2)).build()), 1, 1);
		this.sw.forward(FrameBuffer.copyOf(TestFrames.udp().dst(TestFrames.address(10, 0, 2, 2)).build()), 2, 1);
		this.sw.forward(FrameBuffer.copyOf(TestFrames.udp().dst(TestFrames.address(10, 0, 2, 3)).build()), 3, 4);
		this.sw.forward(FrameBuffer.copyOf(TestFrames.udp().dst(TestFrames.address(10, 9, 9, 9)).build()), 4, 4);

		assertThat(this.sw.registers.read(ProbeRegister.RULE_HITS, 0)).isEqualTo(1);
		assertThat(this.sw.registers.read(ProbeRegister.RULE_HITS, 7)).isEqualTo(2);
		assertThat(this.sw.registers.read(ProbeRegister.PORT_PACKETS, 1)).isEqualTo(2);
		assertThat(this.sw.registers.read(ProbeRegister.PORT_PACKETS, 4)).isEqualTo(2);
		assertThat(this.sw.registers.read(ProbeRegister.PORT_PACKETS, ProbeRegister.SIZE)).as("outside reads 0")
			.isZero();
	}

	@Test
	void aProbePopsItsEntryAndPushesTheLowSwitchIdQueueDepthAndRange() throws Exception {
		this.sw.registers.increment(ProbeRegister.RULE_HITS, 3);
		GpintProbe probe = GpintProbe.start(5, ProbeRequestType.RULE_HITS,
				List.of(new SourceRouteEntry(4, 2, 3), new SourceRouteEntry(0, 0, 0)));
		FrameBuffer frame = FrameBuffer.copyOf(frame(probe));

		this.sw.ingress.apply(frame, 1, 2, 1000, this.sw.result);

		assertThat(this.sw.result.egressPort()).isEqualTo(4);
		assertThat(this.sw.result.feedbackMade()).isTrue();
		assertThat(this.sw.result.probeCopy()).isTrue();
		GpintProbe feedback = GpintProbeCodec.decodeFrame(this.sw.result.feedback().toByteArray());
		assertThat(feedback).isEqualTo(probe.feedback());
		this.sw.egress.apply(frame, new EgressMetadata().set(1, 2, 4, 1000, 1100, 300, this.sw.result.bridged()));
		GpintProbe leaving = GpintProbeCodec.decodeFrame(frame.toByteArray());
		assertThat(leaving.sourceRoute()).containsExactly(new SourceRouteEntry(0, 0, 0));
		assertThat(leaving.hops()).containsExactly(new ProbeHop(0x07, 255, List.of(0L, 1L, 0L)));
		assertThat(leaving.kind()).isEqualTo(ProbeKind.MEASUREMENT);
	}

	@Test
	void theLastEntrySendsTheProbeToTheCpuPortWithoutACopy() throws Exception {
		GpintProbe probe = GpintProbe.start(6, ProbeRequestType.PORT_PACKETS, List.of(new SourceRouteEntry(9, 0, 1)));

		this.sw.ingress.apply(FrameBuffer.copyOf(frame(probe)), 1, 2, 1000, this.sw.result);

		assertThat(this.sw.result.egressPort()).isEqualTo(SondeIngress.CPU_PORT);
		assertThat(this.sw.result.probeCopy()).isFalse();
	}

	private static byte[] frame(GpintProbe probe) throws Exception {
		return GpintProbeCodec.encodeFrame(probe, new byte[] { 2, 0, 0, 0, 0, 1 }, new byte[] { 2, 0, 0, 0, 0, 2 },
				(java.net.Inet4Address) InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }));
	}

}
