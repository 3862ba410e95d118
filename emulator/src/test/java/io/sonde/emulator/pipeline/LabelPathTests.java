package io.sonde.emulator.pipeline;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelItem;
import io.sonde.p4programs.codec.LabelReason;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-label along a five-hop path (a FatTree's longest): switches 1 to 5, each entering
 * on port 1 and leaving by port 2, the fifth by its sink port 3 toward the host, clone
 * session 501 to the CPU port there. Each hop holds a packet 100 ticks.
 */
class LabelPathTests {

	private static final int SINK_PORT = 3;

	private final List<TestSwitch> hops = new ArrayList<>();

	LabelPathTests() {
		int destination = TestFrames.address(10, 0, 1, 0);
		for (int id = 1; id <= 5; id++) {
			TestSwitch hop = new TestSwitch(id);
			boolean last = id == 5;
			hop.tables.addIpv4Route(destination, 24, NextHop.to(last ? SINK_PORT : 2, 0x02_00_00_00_00_B0L + id));
			hop.tables.setLabelSettings(new LabelSettings(LabelSettings.BASE_A, 1_000_000, 0, 5));
			if (last) {
				hop.tables.addLabelSinkPort(SINK_PORT);
				hop.tables.addCloneSession(LabelExportSink.EXPORT_CLONE_SESSION_ID, SondeIngress.CPU_PORT);
			}
			this.hops.add(hop);
		}
		this.hops.get(0).tables.addLabelFlow(TestFrames.address(10, 0, 0, 1), TestFrames.address(10, 0, 1, 2),
				IntWire.IP_PROTO_UDP, 5000, 6000, new LabelFlow(3, 0));
	}

	@Test
	void everyHopAppendsToASpecificFlowAndTheLastExportsAllFiveInPathOrder() throws MalformedTelemetry {
		byte[] original = TestFrames.udp().build();
		send(TestFrames.udp().ports(7000, 6000).build(), 1_000);

		FrameBuffer delivered = send(original, 2_000);

		TestSwitch last = this.hops.get(4);
		assertThat(last.exports).hasSize(2);
		LabeledPacket export = LabelCodec.decode(last.exports.get(1).frame());
		assertThat(export.specificFlow()).isTrue();
		assertThat(export.items()).extracting(LabelItem::deviceId).containsExactly(1L, 2L, 3L, 4L, 5L);
		assertThat(export.items()).extracting(LabelItem::reason).containsOnly(LabelReason.SPECIFIC_FLOW);
		assertThat(export.items()).extracting(LabelItem::labelTime)
			.containsExactly(2_000L, 2_200L, 2_400L, 2_600L, 2_800L);
		assertThat(export.items()).extracting(LabelItem::egressPort).containsExactly(2, 2, 2, 2, SINK_PORT);
		assertThat(export.flow()).isEqualTo("10.0.0.1:5000>10.0.1.2:6000/17");
		assertThat(LabelCodec.recogniseFrame(delivered.bytes(), 0, delivered.length())).isFalse();
		assertThat(LabelCodec.restore(last.exports.get(1).frame())).isEqualTo(delivered.toByteArray());
		for (TestSwitch hop : this.hops) {
			assertThat(hop.registers.packets(LabelCounter.DECISIONS,
					hop.result.egressPort() * LabelCounter.REASONS + LabelEgress.SPECIFIC_FLOW))
				.isEqualTo(1);
		}
	}

	@Test
	void anotherFlowIsLabeledOnlyWhereTheIntervalHasPassed() throws MalformedTelemetry {
		send(TestFrames.udp().ports(7000, 6000).build(), 1_000);
		FrameBuffer second = send(TestFrames.udp().ports(7001, 6000).build(), 1_500);

		TestSwitch last = this.hops.get(4);
		assertThat(last.exports).as("the second packet found every port labeled within T").hasSize(1);
		LabeledPacket first = LabelCodec.decode(last.exports.get(0).frame());
		assertThat(first.specificFlow()).isFalse();
		assertThat(first.items()).extracting(LabelItem::reason).containsOnly(LabelReason.INTERVAL).hasSize(5);
		assertThat(LabelCodec.recogniseFrame(second.bytes(), 0, second.length())).isFalse();
		int carriedNone = SINK_PORT * LabelCounter.ITEM_COUNTS;
		assertThat(last.registers.packets(LabelCounter.CARRIED, carriedNone)).as("restored before it leaves")
			.isEqualTo(2);
		assertThat(this.hops.get(3).registers.packets(LabelCounter.CARRIED, 2 * LabelCounter.ITEM_COUNTS + 4))
			.isEqualTo(1);
	}

	/** Sends a frame into hop 1 at {@code time}; what leaves hop 5. */
	private FrameBuffer send(byte[] frame, long time) {
		FrameBuffer buffer = FrameBuffer.copyOf(frame);
		long t = time;
		for (TestSwitch hop : this.hops) {
			buffer = hop.forward(buffer, 1, 1, t - 100, t, 0);
			t += 200;
		}
		return buffer;
	}

}
