package io.sonde.javacollector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import io.sonde.ingest.CollectorEventKind;
import io.sonde.ingest.CollectorMetric;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.decode.FrameDecoder;
import io.sonde.p4programs.decode.TelemetryFrame;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detector on reports whose headers break their specification the way deployed
 * emitters do (the golden vectors of p4-programs): transparent-security's TR2.0 reports
 * and INTCollector's test reports; and, like the XDP program, no INT looked for in tunnel
 * headers.
 */
class IntCollectorDetectorThirdPartyTests {

	private static final Path VECTORS = Path.of("../p4-programs/src/test/resources/vectors");

	private static final CollectorFlow FLOW = new CollectorFlow("203.0.113.10", "203.0.113.20", 40001, 5201, 17);

	@Test
	void detectsOnTransparentSecurityReportsTheirSwitchesPath() throws IOException {
		IntCollectorDetector detector = new IntCollectorDetector(556);

		List<CollectorEvent> events = detector.detectFrame(frame("thirdparty_tps_report_ipv4_2h"), 0);

		// Its 22-bit sequence field holds its counter 3 shifted by 6; node 12 is
		// the last switch.
		assertThat(events).containsExactly(new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.NEW_KEY, 0,
				0, FLOW, 2, 0, List.of(11L, 12L), new CollectorReportId(192, 0, 12L)));
	}

	@Test
	void detectsQueueCongestionInTheSixteenBitQueueWordsOfIntCollectorsTestReports() throws IOException {
		IntCollectorDetector detector = new IntCollectorDetector(54321);

		List<CollectorEvent> events = detector.detectFrame(frame("thirdparty_intcollector_test_report_3h"), 0);

		CollectorReportId report = new CollectorReportId(0, 0, 0L);
		assertThat(events).contains(
				new CollectorEvent(CollectorMetric.QUEUE_OCCUPANCY, CollectorEventKind.NEW_KEY, 11, 1, null, 61441, 0,
						List.of(), report),
				new CollectorEvent(CollectorMetric.QUEUE_CONGESTION, CollectorEventKind.NEW_KEY, 11, 1, null, 711, 0,
						List.of(), report),
				new CollectorEvent(CollectorMetric.QUEUE_CONGESTION, CollectorEventKind.NEW_KEY, 13, 3, null, 713, 0,
						List.of(), report),
				new CollectorEvent(CollectorMetric.FLOW_PATH, CollectorEventKind.NEW_KEY, 0, 0, FLOW, 3, 0,
						List.of(11L, 12L, 13L), report));
	}

	@Test
	void looksForNoIntInTunnelHeadersAsTheXdpProgramDoesNot() throws IOException {
		byte[] report = frame("tr2_0_vxlan_gpe_all_3h");
		IntCollectorDetector detector = new IntCollectorDetector();

		List<CollectorEvent> events = detector.detectFrame(report, 0);

		// sonde-decode finds the tunnel's three hops; the detector only the sink's own.
		TelemetryFrame decoded = (TelemetryFrame) new FrameDecoder().decode(1, Optional.of(LinkType.ETHERNET), report);
		assertThat(decoded.intStack().hops()).hasSize(4);
		assertThat(events).filteredOn((event) -> event.metric() == CollectorMetric.FLOW_PATH)
			.singleElement()
			.satisfies((path) -> assertThat(path.path()).containsExactly(19L));
	}

	private static byte[] frame(String vector) throws IOException {
		return HexFormat.of().parseHex(Files.readString(VECTORS.resolve(vector + ".hex")).replaceAll("\\s", ""));
	}

}
