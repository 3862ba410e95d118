package io.sonde.javacollector;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.decode.Flow;
import io.sonde.p4programs.decode.IntStack;
import io.sonde.p4programs.decode.TelemetryFrame;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detector's rules on hand-computed sequences, mirroring xdp-collector's
 * tests/test_detect.c: new key, change above / equal to / below T(m), drift from the last
 * reported value, each metric, thresholds at run time, path change, unavailable values
 * and hops without a switch id, the report's own hop, flow latency.
 */
class IntCollectorDetectorTests {

	private static final Flow FLOW = new Flow("10.0.0.1", "10.0.1.2", 10000, 5001, 17);

	private static final CollectorFlow KEY = new CollectorFlow("10.0.0.1", "10.0.1.2", 10000, 5001, 17);

	/** The identity of {@link #report}'s reports without a node id. */
	private static final CollectorReportId REPORT = new CollectorReportId(1, 0, null);

	private final IntCollectorDetector detector = new IntCollectorDetector();

	private static IntHop hop(Object... pairs) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		for (int i = 0; i < pairs.length; i += 2) {
			values.put((HopValue) pairs[i], ((Number) pairs[i + 1]).longValue());
		}
		return IntHop.of(values);
	}

	private static TelemetryFrame report(Flow flow, Long nodeId, IntHop... hops) {
		return new TelemetryFrame(1, "TR2.0", 1L, 0L, nodeId, flow, new IntStack(2, 0, 0, null, List.of(hops)));
	}

	private List<CollectorEvent> latency(long sw, long value) {
		return this.detector.detect(report(FLOW, null, hop(HopValue.SWITCH_ID, sw, HopValue.HOP_LATENCY, value)), false,
				0);
	}

	private static CollectorEvent hopLatency(CollectorEventKind kind, long sw, long value, long previous) {
		return new CollectorEvent(CollectorMetric.HOP_LATENCY, kind, sw, 0, KEY, value, previous, List.of(), REPORT);
	}

	private static CollectorEvent flowLatency(CollectorEventKind kind, long value, long previous) {
		return new CollectorEvent(CollectorMetric.FLOW_LATENCY, kind, 0, 0, KEY, value, previous, List.of(), REPORT);
	}

	private static CollectorEvent path(CollectorEventKind kind, long previous, Long... switches) {
		return new CollectorEvent(CollectorMetric.FLOW_PATH, kind, 0, 0, KEY, switches.length, previous,
				List.of(switches), REPORT);
	}

	@Test
	void newKeyThenChangesAboveTheThresholdOnlyMeasuredFromTheLastReportedValue() {
		this.detector.setThreshold(CollectorMetric.HOP_LATENCY, 40);
		this.detector.setThreshold(CollectorMetric.FLOW_LATENCY, 40);
		assertThat(latency(7, 130)).containsExactly(hopLatency(CollectorEventKind.NEW_KEY, 7, 130, 0),
				path(CollectorEventKind.NEW_KEY, 0, 7L), flowLatency(CollectorEventKind.NEW_KEY, 130, 0));
		// |170 - 130| = 40, not above T: nothing; the base stays 130.
		assertThat(latency(7, 170)).isEmpty();
		assertThat(latency(7, 90)).isEmpty();
		// drift: 171 is 41 from the last reported 130 (not from the last report, 90).
		assertThat(latency(7, 171)).containsExactly(hopLatency(CollectorEventKind.CHANGED, 7, 171, 130),
				flowLatency(CollectorEventKind.CHANGED, 171, 130));
		// now measured from 171: 130 is 41 below.
		assertThat(latency(7, 130)).containsExactly(hopLatency(CollectorEventKind.CHANGED, 7, 130, 171),
				flowLatency(CollectorEventKind.CHANGED, 130, 171));
		assertThat(this.detector.keys()).isEqualTo(3);
		assertThat(this.detector.events()).isEqualTo(7);
		assertThat(this.detector.metricValues()).isEqualTo(15);
	}

	@Test
	void zeroThresholdFiresOnEveryChangeAndThresholdsChangeAtRunTime() {
		assertThat(latency(1, 10)).hasSize(3);
		assertThat(latency(1, 10)).isEmpty();
		assertThat(latency(1, 11)).hasSize(2);
		this.detector.setThreshold(CollectorMetric.HOP_LATENCY, 5);
		assertThat(this.detector.threshold(CollectorMetric.HOP_LATENCY)).isEqualTo(5);
		assertThat(latency(1, 16)).containsExactly(flowLatency(CollectorEventKind.CHANGED, 16, 11));
		assertThat(latency(1, 17)).containsExactly(hopLatency(CollectorEventKind.CHANGED, 1, 17, 11),
				flowLatency(CollectorEventKind.CHANGED, 17, 16));
	}

	@Test
	void thresholdsOfTwoToTheSixtyThreeAndAboveAreTheLargestNotNegative() {
		this.detector.setThreshold(CollectorMetric.HOP_LATENCY, Long.MIN_VALUE);
		this.detector.setThreshold(CollectorMetric.FLOW_LATENCY, -1L);
		assertThat(latency(1, 0)).hasSize(3);
		// The largest step a 32-bit hop latency can take: read signed, 2^63 and 2^64-1
		// would be below it and fire.
		assertThat(latency(1, 0xFFFF_FFFEL)).isEmpty();
		this.detector.setThreshold(CollectorMetric.HOP_LATENCY, 0);
		assertThat(latency(1, 1)).containsExactly(hopLatency(CollectorEventKind.CHANGED, 1, 1, 0));
	}

	@Test
	void switchMetricsAreKeyedBySwitchAndQueueOrEgressPortWithoutTheFlow() {
		IntHop first = hop(HopValue.SWITCH_ID, 3, HopValue.QUEUE_ID, 2, HopValue.QUEUE_OCCUPANCY, 100,
				HopValue.CONGESTION_QUEUE_ID, 4, HopValue.QUEUE_CONGESTION_STATUS, 9, HopValue.EGRESS_PORT, 5,
				HopValue.L2_EGRESS_PORT, 77, HopValue.EGRESS_TX_UTIL, 600);
		IntHop second = hop(HopValue.SWITCH_ID, 8, HopValue.L2_EGRESS_PORT, 77, HopValue.EGRESS_TX_UTIL, 50);
		IntHop third = hop(HopValue.SWITCH_ID, 9, HopValue.EGRESS_TX_UTIL, 50);
		List<CollectorEvent> events = this.detector.detect(report(FLOW, null, first, second, third), false, 0);
		assertThat(events).containsExactly(
				new CollectorEvent(CollectorMetric.QUEUE_OCCUPANCY, CollectorEventKind.NEW_KEY, 3, 2, null, 100, 0,
						List.of(), REPORT),
				new CollectorEvent(CollectorMetric.QUEUE_CONGESTION, CollectorEventKind.NEW_KEY, 3, 4, null, 9, 0,
						List.of(), REPORT),
				new CollectorEvent(CollectorMetric.LINK_UTILIZATION, CollectorEventKind.NEW_KEY, 3, 5, null, 600, 0,
						List.of(), REPORT),
				new CollectorEvent(CollectorMetric.LINK_UTILIZATION, CollectorEventKind.NEW_KEY, 8, 77, null, 50, 0,
						List.of(), REPORT),
				path(CollectorEventKind.NEW_KEY, 0, 3L, 8L, 9L));
		// the same queue seen from another flow is the same key
		Flow other = new Flow("10.0.0.9", "10.0.1.2", 10001, 5001, 17);
		this.detector.setThreshold(CollectorMetric.QUEUE_OCCUPANCY, 10);
		IntHop queue = hop(HopValue.SWITCH_ID, 3, HopValue.QUEUE_ID, 2, HopValue.QUEUE_OCCUPANCY, 111);
		assertThat(this.detector.detect(report(other, null, queue), false, 0)).containsExactly(
				new CollectorEvent(CollectorMetric.QUEUE_OCCUPANCY, CollectorEventKind.CHANGED, 3, 2, null, 111, 100,
						List.of(), REPORT),
				new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.NEW_KEY, 0, 0, CollectorFlow.of(other),
						1, 0, List.of(3L), REPORT));
		assertThat(this.detector.keys(CollectorMetric.QUEUE_OCCUPANCY)).isEqualTo(1);
		assertThat(this.detector.keys(CollectorMetric.LINK_UTILIZATION)).isEqualTo(2);
	}

	@Test
	void pathChangeFiresOnAnyChangeOfSwitchesOrLength() {
		IntHop a = hop(HopValue.SWITCH_ID, 1);
		IntHop b = hop(HopValue.SWITCH_ID, 2);
		IntHop c = hop(HopValue.SWITCH_ID, 3);
		assertThat(this.detector.detect(report(FLOW, null, a, b), false, 0))
			.containsExactly(path(CollectorEventKind.NEW_KEY, 0, 1L, 2L));
		assertThat(this.detector.detect(report(FLOW, null, a, b), false, 0)).isEmpty();
		assertThat(this.detector.detect(report(FLOW, null, a, c), false, 0))
			.containsExactly(path(CollectorEventKind.CHANGED, 2, 1L, 3L));
		assertThat(this.detector.detect(report(FLOW, null, a, c, b), false, 0))
			.containsExactly(path(CollectorEventKind.CHANGED, 2, 1L, 3L, 2L));
	}

	@Test
	void unavailableValuesAndHopsWithoutSwitchIdAreSkipped() {
		IntHop noId = hop(HopValue.HOP_LATENCY, 500, HopValue.QUEUE_ID, 0, HopValue.QUEUE_OCCUPANCY, 5);
		IntHop unavailableId = hop(HopValue.SWITCH_ID, 0xFFFF_FFFFL, HopValue.HOP_LATENCY, 500);
		IntHop unavailableValues = hop(HopValue.SWITCH_ID, 4, HopValue.HOP_LATENCY, 0xFFFF_FFFFL, HopValue.QUEUE_ID, 1,
				HopValue.QUEUE_OCCUPANCY, 0xFF_FFFFL, HopValue.EGRESS_PORT, 2, HopValue.EGRESS_TX_UTIL, 0xFFFF_FFFFL);
		IntHop fine = hop(HopValue.SWITCH_ID, 6, HopValue.HOP_LATENCY, 20);
		List<CollectorEvent> events = this.detector
			.detect(report(FLOW, null, noId, unavailableId, unavailableValues, fine), false, 0);
		// no path (two hops lack a usable id); flow latency sums the counted hops only
		assertThat(events).containsExactly(hopLatency(CollectorEventKind.NEW_KEY, 6, 20, 0),
				flowLatency(CollectorEventKind.NEW_KEY, 20, 0));
	}

	@Test
	void aReportsOwnHopIsKeyedByItsNodeId() {
		IntHop transit = hop(HopValue.SWITCH_ID, 1, HopValue.HOP_LATENCY, 10);
		IntHop sink = hop(HopValue.HOP_LATENCY, 30);
		CollectorReportId node42 = new CollectorReportId(1, 0, 42L);
		assertThat(this.detector.detect(report(FLOW, 42L, transit, sink), true, 0)).containsExactly(
				hopLatency(CollectorEventKind.NEW_KEY, 1, 10, 0).withReport(node42),
				hopLatency(CollectorEventKind.NEW_KEY, 42, 30, 0).withReport(node42),
				path(CollectorEventKind.NEW_KEY, 0, 1L, 42L).withReport(node42),
				flowLatency(CollectorEventKind.NEW_KEY, 40, 0).withReport(node42));
		// not the report's own hop: no switch id, skipped, path unknown
		{
			IntCollectorDetector fresh = new IntCollectorDetector();
			assertThat(fresh.detect(report(FLOW, 42L, transit, sink), false, 0)).containsExactly(
					hopLatency(CollectorEventKind.NEW_KEY, 1, 10, 0).withReport(node42),
					flowLatency(CollectorEventKind.NEW_KEY, 10, 0).withReport(node42));
		}
	}

	@Test
	void flowLatencyFallsBackToEgressMinusIngressTimestamp() {
		IntHop first = hop(HopValue.SWITCH_ID, 1, HopValue.INGRESS_TS, 1000, HopValue.EGRESS_TS, 1010);
		IntHop last = hop(HopValue.SWITCH_ID, 2, HopValue.INGRESS_TS, 1100, HopValue.EGRESS_TS, 1250);
		assertThat(this.detector.detect(report(FLOW, null, first, last), false, 0)).containsExactly(
				path(CollectorEventKind.NEW_KEY, 0, 1L, 2L), flowLatency(CollectorEventKind.NEW_KEY, 250, 0));
		// egress before ingress (a wrapped clock): not measured
		IntHop early = hop(HopValue.SWITCH_ID, 2, HopValue.EGRESS_TS, 900);
		assertThat(this.detector.detect(report(FLOW, null, first, early), false, 0)).isEmpty();
	}

	@Test
	void aReportWithoutFlowKeepsSwitchMetricsOnly() {
		IntHop only = hop(HopValue.SWITCH_ID, 5, HopValue.HOP_LATENCY, 10, HopValue.QUEUE_ID, 1,
				HopValue.QUEUE_OCCUPANCY, 3);
		assertThat(this.detector.detect(report(null, 5L, only), true, 0))
			.containsExactly(new CollectorEvent(CollectorMetric.QUEUE_OCCUPANCY, CollectorEventKind.NEW_KEY, 5, 1, null,
					3, 0, List.of(), new CollectorReportId(1, 0, 5L)));
		assertThat(this.detector.detect(new TelemetryFrame(2, "TR1.0", 1L, 0L, 5L, FLOW, null), false, 0)).isEmpty();
		assertThat(this.detector.reports()).isEqualTo(2);
	}

	@Test
	void everyEventCarriesTheIdentityOfItsReport() {
		IntHop hop = hop(HopValue.SWITCH_ID, 7, HopValue.HOP_LATENCY, 10);
		TelemetryFrame tr10 = new TelemetryFrame(1, "TR1.0", 7001L, 3L, 21L, FLOW,
				new IntStack(1, 0, 0, null, List.of(hop)));
		assertThat(this.detector.detect(tr10, false, 0)).hasSize(3)
			.extracting(CollectorEvent::report)
			.containsOnly(new CollectorReportId(7001, 3, 21L));
		// TR0.5 without a drop or local report header: no node
		IntHop slower = hop(HopValue.SWITCH_ID, 7, HopValue.HOP_LATENCY, 20);
		TelemetryFrame tr05 = new TelemetryFrame(2, "TR0.5", 9001L, 2L, null, FLOW,
				new IntStack(0, 0, 0, null, List.of(slower)));
		assertThat(this.detector.detect(tr05, false, 0)).hasSize(2)
			.extracting(CollectorEvent::report)
			.containsOnly(new CollectorReportId(9001, 2, null));
		// an INT-MD data packet is no report
		IntHop slowest = hop(HopValue.SWITCH_ID, 7, HopValue.HOP_LATENCY, 30);
		TelemetryFrame data = new TelemetryFrame(3, TelemetryFrame.INT_MD, null, null, null, FLOW,
				new IntStack(2, 0, 0, null, List.of(slowest)));
		assertThat(this.detector.detect(data, false, 0)).hasSize(2)
			.extracting(CollectorEvent::report)
			.containsOnlyNulls();
	}

	@Test
	void framesThatAreNotReportsGiveNoEvents() {
		assertThat(this.detector.detectFrame(new byte[] { 1, 2, 3 }, 0)).isEmpty();
		assertThat(this.detector.detectFrame(new byte[64], 0)).isEmpty();
	}

}
