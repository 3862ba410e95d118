package io.sonde.javacollector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.decode.Flow;
import io.sonde.p4programs.decode.IntStack;
import io.sonde.p4programs.decode.TelemetryFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The detector at its edges: the report ports it accepts, switch id 0, a report without
 * hops, equal timestamps, the key count over all six tables, and a TR2.0 sink's own hop
 * in a whole frame.
 */
class IntCollectorDetectorEdgesTests {

	private static final Path VECTORS = Path.of("../p4-programs/src/test/resources/vectors");

	private static final Flow FLOW = new Flow("10.0.0.1", "10.0.1.2", 10000, 5001, 17);

	private static final CollectorFlow KEY = CollectorFlow.of(FLOW);

	private final IntCollectorDetector detector = new IntCollectorDetector();

	@Test
	void reportPortsAreOneToSixtyFiveThousandFiveHundredThirtyFive() {
		assertThat(new IntCollectorDetector(1)).isNotNull();
		assertThat(new IntCollectorDetector(0xFFFF)).isNotNull();
		assertThatIllegalArgumentException().isThrownBy(() -> new IntCollectorDetector(0));
		assertThatIllegalArgumentException().isThrownBy(() -> new IntCollectorDetector(0x1_0000));
	}

	@Test
	void switchIdZeroIsASwitch() {
		List<CollectorEvent> events = this.detector.detect(report(hop(HopValue.SWITCH_ID, 0)), false, 0);

		assertThat(events).containsExactly(new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.NEW_KEY, 0,
				0, KEY, 1, 0, List.of(0L), null));
	}

	@Test
	void aStackWithoutHopsGivesNoPathAndNoLatency() {
		assertThat(this.detector.detect(report(), false, 0)).isEmpty();
		assertThat(this.detector.keys()).isZero();
		assertThat(this.detector.reports()).isEqualTo(1);
	}

	@Test
	void equalIngressAndEgressTimestampsAreAFlowLatencyOfZero() {
		IntHop only = hop(HopValue.SWITCH_ID, 1, HopValue.INGRESS_TS, 1000, HopValue.EGRESS_TS, 1000);

		assertThat(this.detector.detect(report(only), false, 0))
			.extracting(CollectorEvent::metric, CollectorEvent::value)
			.containsExactly(Tuple.tuple(CollectorMetric.FLOW_PATH, 1L), Tuple.tuple(CollectorMetric.FLOW_LATENCY, 0L));
	}

	@Test
	void keysCountsEveryTable() {
		IntHop hop = hop(HopValue.SWITCH_ID, 3, HopValue.HOP_LATENCY, 10, HopValue.QUEUE_ID, 2,
				HopValue.QUEUE_OCCUPANCY, 100, HopValue.CONGESTION_QUEUE_ID, 4, HopValue.QUEUE_CONGESTION_STATUS, 9,
				HopValue.EGRESS_PORT, 5, HopValue.EGRESS_TX_UTIL, 600);

		assertThat(this.detector.detect(report(hop), false, 0)).hasSize(6);
		for (CollectorMetric metric : CollectorMetric.values()) {
			assertThat(this.detector.keys(metric)).as(metric.name()).isEqualTo(1);
		}
		assertThat(this.detector.keys()).isEqualTo(6);
		assertThat(this.detector.metricValues()).isEqualTo(6);
	}

	@Test
	void aTr20SinksOwnHopInAFrameIsKeyedByTheReportsNodeId() throws IOException, MalformedFrame {
		byte[] frame = HexFormat.of()
			.parseHex(Files.readString(VECTORS.resolve("tr2_0_eth_all_3h.hex")).replaceAll("\\s", ""));
		int port = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length).dstPort();

		List<CollectorEvent> events = new IntCollectorDetector(port).detectFrame(frame, 0);

		assertThat(events).filteredOn((event) -> event.metric() == CollectorMetric.FLOW_PATH)
			.singleElement()
			.satisfies((path) -> assertThat(path.path()).containsExactly(11L, 12L, 13L, 19L));
		assertThat(events).filteredOn((event) -> event.metric() == CollectorMetric.HOP_LATENCY)
			.extracting(CollectorEvent::switchId)
			.containsExactly(11L, 12L, 13L, 19L);
	}

	private static IntHop hop(Object... pairs) {
		Map<HopValue, Long> values = new EnumMap<>(HopValue.class);
		for (int i = 0; i < pairs.length; i += 2) {
			values.put((HopValue) pairs[i], ((Number) pairs[i + 1]).longValue());
		}
		return IntHop.of(values);
	}

	private static TelemetryFrame report(IntHop... hops) {
		return new TelemetryFrame(1, TelemetryFrame.INT_MD, null, null, null, FLOW,
				new IntStack(2, 0, 0, null, List.of(hops)));
	}

}
