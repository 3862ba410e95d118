package io.sonde.emulator.pipeline;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.IntHop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Frames damaged at random (bytes flipped, frames cut) go through a source, a transit and
 * a sink switch without an exception: a packet must never stop the emulator. Seeded, so a
 * failure reproduces.
 */
class DamagedFrameTests {

	private static final int FRAMES = 5_000;

	@Test
	void damagedFramesNeverThrow() {
		SplittableRandom random = new SplittableRandom(20261123);
		ThreeSwitchPath path = new ThreeSwitchPath().watch(0xFF80, 6);
		path.c.tables.addEventFilterEntry(FlowMatch.ANY.withDstPorts(0, 1000), 1,
				EventFilterAction.fastDetection(1, 1, 1, 5, 0));
		path.c.tables.addEventFilterEntry(FlowMatch.ANY.withDstPorts(1001, 30000), 1,
				EventFilterAction.complexDetection(0));
		List<byte[]> seeds = List.of(TestFrames.udp().build(), TestFrames.tcp().payload(3).build(),
				TestFrames.udp().ipv6().build(), TestFrames.udp().vlan(5).build(),
				IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(), IntTestFrames.intPacket(0xFF80, 3, 0,
						List.of(IntTestFrames.hop(0xFF80, 1), IntTestFrames.hop(0xFF80, 2)))));
		int survived = 0;
		for (int i = 0; i < FRAMES; i++) {
			byte[] frame = seeds.get(random.nextInt(seeds.size())).clone();
			int flips = 1 + random.nextInt(6);
			for (int f = 0; f < flips; f++) {
				frame[random.nextInt(frame.length)] = (byte) random.nextInt(256);
			}
			int length = random.nextInt(frame.length + 1);
			byte[] cut = java.util.Arrays.copyOf(frame, length);
			long packetId = i;
			assertThatCode(() -> {
				path.send(cut, packetId, packetId * 1000, 0, 1, 2);
				path.c.forward(FrameBuffer.copyOf(cut), packetId, 1);
			}).as("frame %d", i).doesNotThrowAnyException();
			survived++;
		}
		assertThat(survived).isEqualTo(FRAMES);
	}

	@Test
	void aHopThatTheCodecWroteIsReadBackByTheFilterUnchanged() {
		IntHop hop = IntTestFrames.hop(0xFF80, 9);
		ParsedHeaders headers = new ParsedHeaders();
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				IntTestFrames.intPacket(0xFF80, 3, 0, List.of(hop)));
		SondeParser.parse(frame, frame.length, headers);
		StackMetrics metrics = new StackMetrics();
		assertThat(metrics.hop(frame, headers, 1, 0)).isEqualTo(90);
		assertThat(metrics.hop(frame, headers, 2, 0)).isEqualTo(18);
		assertThat(metrics.hop(frame, headers, 3, 0)).isEqualTo(27);
		assertThat(metrics.hop(frame, headers, 4, 0)).isEqualTo(36);
		assertThat(metrics.hop(frame, headers, 9, 0)).as("unknown metric").isZero();
		assertThat(metrics.hop(frame, headers, 1, 1)).as("past the stack").isZero();
	}

}
