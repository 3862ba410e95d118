package io.sonde.emulator.pipeline;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.SondePipeline.CnfOperator;
import io.sonde.p4programs.SondePipeline.EventAlgorithm;
import io.sonde.p4programs.SondePipeline.EventMetric;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper 003's pre-filter at a sink: packets arrive with a two-hop stack (source hop
 * first) whose hop latencies the test chooses (queue occupancy is twice the latency), and
 * the number of reports is compared with the count worked out by hand from the
 * algorithm's definition in event_filter.p4.
 */
class EventFilterTests {

	private static final int BITMAP = 0xB000; // switch id, hop latency, queue

	private static final int FILTER_INDEX = 17;

	/**
	 * (source hop, hop before the sink) latencies; paths sums 105 113 128 133 133 132.
	 */
	private static final long[][] LATENCIES = { { 5, 100 }, { 8, 105 }, { 20, 108 }, { 22, 111 }, { 22, 111 },
			{ 31, 101 } };

	private final TestSwitch sink = new TestSwitch(3).withCollector(0);

	private long packetId;

	EventFilterTests() {
		this.sink.tables.addIpv4Route(0, 0, NextHop.to(3, 1));
		this.sink.tables.addSinkPort(3);
	}

	private void filter(EventFilterAction action) {
		this.sink.tables.addEventFilterEntry(FlowMatch.ANY.withProto(17), 1, action);
	}

	/** Sends one packet per latency pair; returns which were reported. */
	private boolean[] send(long[][] latencies) {
		boolean[] reported = new boolean[latencies.length];
		for (int i = 0; i < latencies.length; i++) {
			long before = this.sink.reports.accepted();
			byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
					IntTestFrames.intPacket(BITMAP, 4, 0, IntTestFrames.latencyHops(BITMAP, latencies[i])));
			this.sink.forward(FrameBuffer.copyOf(frame), ++this.packetId, 1);
			reported[i] = this.sink.reports.accepted() > before;
		}
		return reported;
	}

	private long register(SondeRegister register, int index) {
		return this.sink.registers.read(register, index);
	}

	@Test
	void withoutAnEntryEveryPacketIsReported() {
		assertThat(send(LATENCIES)).containsOnly(true);
	}

	@Test
	void noopReportsEveryPacket() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.NOOP, EventMetric.HOP_LATENCY, 0, 0));
		assertThat(send(LATENCIES)).containsOnly(true);
	}

	@Test
	void perHopChangeReportsWhenSomeHopMovedPastTheThreshold() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.PER_HOP_CHANGE, EventMetric.HOP_LATENCY, 10,
				0));
		// Stored (pos0, pos1) start at 0. 1: 100 moves → (100, 0). 2: 5 and 8 → none.
		// 3: pos1 20 → (100, 20). 4: pos0 111 → (111, 20). 5: none. 6: pos0 10 is not
		// more than 10, pos1 11 is → (111, 31).
		assertThat(send(LATENCIES)).containsExactly(true, false, true, true, false, true);
		assertThat(register(SondeRegister.EVENT_LAST_HOP_VALUE, FILTER_INDEX * 8)).isEqualTo(111);
		assertThat(register(SondeRegister.EVENT_LAST_HOP_VALUE, FILTER_INDEX * 8 + 1)).isEqualTo(31);
		assertThat(register(SondeRegister.EVENT_LAST_HOP_VALUE, FILTER_INDEX * 8 + 2)).isZero();
	}

	@Test
	void flowSumChangeReportsWhenThePathSumMovedPastTheThreshold() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.FLOW_SUM_CHANGE, EventMetric.HOP_LATENCY,
				10, 0));
		// Sums 105 113 128 133 133 132 against the stored 0 → 105 (event) → 128 (event).
		assertThat(send(LATENCIES)).containsExactly(true, false, true, false, false, false);
		assertThat(register(SondeRegister.EVENT_LAST_FLOW_SUM, FILTER_INDEX)).isEqualTo(128);
	}

	@Test
	void movingAverageReportsWhenTheAverageMovedPastTheThreshold() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.MOVING_AVERAGE, EventMetric.HOP_LATENCY, 20,
				128));
		// EMA with weight 128/256: 52 82 105 119 126 129; reported at 52, 82, 105, 126.
		assertThat(send(LATENCIES)).containsExactly(true, true, true, false, true, false);
		assertThat(register(SondeRegister.EVENT_FLOW_AVERAGE, FILTER_INDEX)).isEqualTo(129);
		assertThat(register(SondeRegister.EVENT_REPORTED_AVERAGE, FILTER_INDEX)).isEqualTo(126);
	}

	@Test
	void algorithmsRunOnTheQueueMetricToo() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.FLOW_SUM_CHANGE,
				EventMetric.QUEUE_OCCUPANCY, 20, 0));
		// Queue sums are twice the latency sums: 210 226 256 266 266 264 → events at
		// 210 and 256.
		assertThat(send(LATENCIES)).containsExactly(true, false, true, false, false, false);
	}

	@Test
	void aMetricTheHopsDoNotCarryReadsZero() {
		filter(EventFilterAction.fastDetection(FILTER_INDEX, EventAlgorithm.PER_HOP_CHANGE, EventMetric.TX_UTILIZATION,
				0, 0));
		assertThat(send(LATENCIES)).containsOnly(false);
	}

	@Test
	void aHigherThresholdReportsFewerPackets() {
		int reportedLow = count(
				EventFilterAction.fastDetection(1, EventAlgorithm.FLOW_SUM_CHANGE, EventMetric.HOP_LATENCY, 2, 0));
		int reportedHigh = count(
				EventFilterAction.fastDetection(2, EventAlgorithm.FLOW_SUM_CHANGE, EventMetric.HOP_LATENCY, 50, 0));
		// Threshold 2: 105 113 128 133 (133 and 132 move by 0 and 1) → 4; threshold
		// 50: only 105.
		assertThat(reportedLow).isEqualTo(4);
		assertThat(reportedHigh).isEqualTo(1);
	}

	private int count(EventFilterAction action) {
		EventFilterTests fresh = new EventFilterTests();
		fresh.filter(action);
		int reported = 0;
		for (boolean packet : fresh.send(LATENCIES)) {
			reported += packet ? 1 : 0;
		}
		return reported;
	}

	@Test
	void complexDetectionEvaluatesTheCnfExpressionFromTheRegisters() {
		int expression = 3;
		// (max latency > 100 OR sum queue >= 300) AND (sum latency < 160)
		literal(expression, 0, 0, SondePipeline.CNF_AGGREGATE_MAX | EventMetric.HOP_LATENCY.code(), CnfOperator.GREATER,
				100);
		literal(expression, 0, 1, EventMetric.QUEUE_OCCUPANCY.code(), CnfOperator.GREATER_OR_EQUAL, 300);
		literal(expression, 1, 0, EventMetric.HOP_LATENCY.code(), CnfOperator.LESS, 160);
		filter(EventFilterAction.complexDetection(expression));
		long[][] latencies = { { 5, 100 }, { 8, 105 }, { 20, 108 }, { 22, 111 }, { 50, 120 }, { 60, 95 }, { 45, 60 } };
		// 1: max 100, queue 210 → clause 0 fails. 2-4: max > 100, sums < 160 → events.
		// 5: sum 170. 6: max 95 but queue 310, sum 155 → event. 7: max 60, queue 210.
		assertThat(send(latencies)).containsExactly(false, true, true, true, false, true, false);
	}

	@Test
	void anEmptyExpressionHoldsForEveryPacket() {
		filter(EventFilterAction.complexDetection(5));
		assertThat(send(LATENCIES)).containsOnly(true);
	}

	@Test
	void everyOperatorComparesAsDefined() {
		long[][] latencies = { { 0, 50 }, { 0, 60 }, { 0, 70 } };
		assertThat(single(CnfOperator.GREATER, 60, latencies)).containsExactly(false, false, true);
		assertThat(single(CnfOperator.GREATER_OR_EQUAL, 60, latencies)).containsExactly(false, true, true);
		assertThat(single(CnfOperator.LESS, 60, latencies)).containsExactly(true, false, false);
		assertThat(single(CnfOperator.LESS_OR_EQUAL, 60, latencies)).containsExactly(true, true, false);
		assertThat(single(CnfOperator.EQUAL, 60, latencies)).containsExactly(false, true, false);
		assertThat(single(CnfOperator.NOT_EQUAL, 60, latencies)).containsExactly(true, false, true);
	}

	private boolean[] single(CnfOperator operator, long threshold, long[][] latencies) {
		EventFilterTests fresh = new EventFilterTests();
		fresh.literal(9, 2, 1, EventMetric.HOP_LATENCY.code(), operator, threshold);
		fresh.filter(EventFilterAction.complexDetection(9));
		return fresh.send(latencies);
	}

	private void literal(int expression, int clause, int literal, int metric, CnfOperator operator, long threshold) {
		int slot = SondePipeline.cnfLiteralIndex(expression, clause, literal);
		this.sink.registers.write(SondeRegister.EVENT_CNF_METRIC, slot, metric);
		this.sink.registers.write(SondeRegister.EVENT_CNF_OPERATOR, slot, operator.code());
		this.sink.registers.write(SondeRegister.EVENT_CNF_THRESHOLD, slot, threshold);
	}

}
