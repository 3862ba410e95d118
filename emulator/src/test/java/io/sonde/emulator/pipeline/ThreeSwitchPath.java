package io.sonde.emulator.pipeline;

import io.sonde.p4programs.codec.ReportFormat;

/**
 * Source A → transit B → sink C toward the destination host 10.0.1.2, each switch
 * entering on port 1 and leaving on port 2 (C on port 3, its sink port), all recording
 * into one ground truth. Times: a packet enters A at its send time and each switch holds
 * it 100 ticks plus 10 per packet of queue.
 */
final class ThreeSwitchPath {

	static final int BITMAP_ALL = 0xFF80;

	final GroundTruth truth = GroundTruth.bounded(10_000, 10_000);

	final TestSwitch a;

	final TestSwitch b;

	final TestSwitch c;

	ThreeSwitchPath(ReportFormat format) {
		this.a = new TestSwitch(11, this.truth, format);
		this.b = new TestSwitch(22, this.truth, format);
		this.c = new TestSwitch(33, this.truth, format).withCollector(1);
		int destination = TestFrames.address(10, 0, 1, 0);
		this.a.tables.addIpv4Route(destination, 24, NextHop.to(2, 0x02_00_00_00_00_B0L));
		this.b.tables.addIpv4Route(destination, 24, NextHop.to(2, 0x02_00_00_00_00_C0L));
		this.c.tables.addIpv4Route(destination, 24, NextHop.to(3, 0x02_00_00_00_01_02L));
		this.c.tables.addSinkPort(3);
	}

	ThreeSwitchPath() {
		this(ReportFormat.TR2_0);
	}

	/** Puts every flow on A's watchlist with this bitmap. */
	ThreeSwitchPath watch(int instructions, int remainingHopCount) {
		this.a.tables.addWatchlistEntry(FlowMatch.ANY, 1, IntInsertion.insert(instructions, remainingHopCount));
		return this;
	}

	/** Sends a frame along the path; the frame as it leaves C, or null if dropped. */
	FrameBuffer send(byte[] frame, long packetId, long sendTime, int queueA, int queueB, int queueC) {
		FrameBuffer buffer = FrameBuffer.copyOf(frame);
		long t = sendTime;
		if (this.a.forward(buffer, packetId, 1, t, t + 100 + 10L * queueA, queueA) == null) {
			return null;
		}
		t += 200 + 10L * queueA;
		if (this.b.forward(buffer, packetId, 1, t, t + 100 + 10L * queueB, queueB) == null) {
			return null;
		}
		t += 200 + 10L * queueB;
		return this.c.forward(buffer, packetId, 1, t, t + 100 + 10L * queueC, queueC);
	}

}
