package io.sonde.emulator.pipeline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import io.sonde.emulator.report.InMemoryReportSink;
import io.sonde.p4programs.codec.ReportFormat;

/**
 * One emulated switch for tests: in-memory tables and registers, its ingress and egress,
 * reports kept in memory. {@link #forward} runs a packet through ingress, then egress at
 * the egress time the test chooses (standing in for the emulated queue), and turns a
 * report clone into a report at ingress time. INT-label exports are kept in memory; Base
 * B's draws are the ones a test queued in {@link #draws}, then a fixed seeded stream.
 */
final class TestSwitch {

	static final long COLLECTOR_MAC = 0x02_00_00_00_00_C0L;

	static final int COLLECTOR_IP = TestFrames.address(192, 168, 0, 100);

	static final int REPORT_PORT = 100;

	final long switchId;

	final InMemorySondeTables tables = new InMemorySondeTables();

	final InMemorySondeRegisters registers = new InMemorySondeRegisters();

	final InMemoryReportSink reports = new InMemoryReportSink(100_000);

	final GroundTruth truth;

	final SondeIngress ingress;

	final SondeEgress egress;

	final IngressResult result = new IngressResult();

	/** An INT-label export the switch made. */
	record Export(int sessionPort, int ingressPort, byte[] frame) {
	}

	final List<Export> exports = new ArrayList<>();

	/** Base B's next draws (16 bits each), taken before the seeded stream. */
	final ArrayDeque<Integer> draws = new ArrayDeque<>();

	/** Draws taken so far. */
	int drawsTaken;

	private final SplittableRandom seeded = new SplittableRandom(24);

	private final EgressMetadata egressMeta = new EgressMetadata();

	TestSwitch(long switchId, GroundTruth truth, ReportFormat format) {
		this.switchId = switchId;
		this.truth = truth;
		this.ingress = new SondeIngress(this.tables, this.registers);
		this.egress = new SondeEgress(this.tables, this.registers, this.reports, truth, format, this::draw,
				(sessionPort, ingressPort, frame, length) -> this.exports
					.add(new Export(sessionPort, ingressPort, Arrays.copyOf(frame, length))));
		this.tables.setIntNodeId(switchId);
	}

	TestSwitch(long switchId) {
		this(switchId, GroundTruth.bounded(10_000, 10_000), ReportFormat.TR2_0);
	}

	private int draw() {
		this.drawsTaken++;
		return this.draws.isEmpty() ? this.seeded.nextInt(1 << 16) : this.draws.poll();
	}

	/**
	 * A report path: clone session 500 to {@link #REPORT_PORT}, a collector behind it.
	 */
	TestSwitch withCollector(int hwId) {
		this.tables.addCloneSession(500, REPORT_PORT);
		this.tables.addReportCollector(REPORT_PORT, ReportCollector.sendReport(TestFrames.SWITCH_MAC, COLLECTOR_MAC,
				TestFrames.address(192, 168, 0, (int) this.switchId), COLLECTOR_IP, 32766, hwId));
		return this;
	}

	/**
	 * Ingress at {@code ingressTs}, then egress at {@code egressTs} with the queue depth
	 * given; null when ingress drops the packet.
	 */
	FrameBuffer forward(FrameBuffer frame, long packetId, int ingressPort, long ingressTs, long egressTs,
			int queueDepth) {
		this.ingress.apply(frame, packetId, ingressPort, ingressTs, this.result);
		if (this.result.cloned()) {
			this.egress.applyClone(this.result, ingressTs);
		}
		if (this.result.drop()) {
			return null;
		}
		this.egress.apply(frame, this.egressMeta.set(packetId, ingressPort, this.result.egressPort(), ingressTs,
				egressTs, queueDepth, this.result.bridged()));
		return frame;
	}

	FrameBuffer forward(FrameBuffer frame, long packetId, int ingressPort) {
		return forward(frame, packetId, ingressPort, 1000, 1000, 0);
	}

}
