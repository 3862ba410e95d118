package io.sonde.javacollector.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.ingest.CollectorMetric;
import io.sonde.javacollector.CollectorEvent;
import io.sonde.javacollector.IntCollectorDetector;
import io.sonde.javacollector.bench.EmulatedReports;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java collector against a real Redis: an emulator run's reports sent over UDP give
 * exactly the events the detector finds in the same frames, appended in the daemon's
 * layout; bad datagrams are counted by reason; thresholds come from the hash and the
 * channel.
 */
class UdpCollectorIntegrationTests {

	private static final Path VECTORS = Path.of("../p4-programs/src/test/resources/vectors");

	@TempDir
	Path dir;

	private UdpCollectorHarness harness;

	@BeforeEach
	void start() throws Exception {
		this.harness = new UdpCollectorHarness();
	}

	@AfterEach
	void stop() {
		this.harness.close();
	}

	@Test
	void appendsTheEventsTheDetectorFindsInAnEmulatorRunInTheDaemonsLayout() throws Exception {
		this.harness.start();
		EmulatedReports.Run run = EmulatedReports.capture(this.dir.resolve("reports.pcap"), 6, 2000, 200,
				Duration.ofMillis(20), 7);
		List<byte[]> frames = EmulatedReports.frames(run.pcap());
		assertThat(frames).hasSizeGreaterThan(50);
		IntCollectorDetector reference = new IntCollectorDetector();
		List<Map<String, String>> expected = new ArrayList<>();
		for (byte[] frame : frames) {
			for (CollectorEvent event : reference.detectFrame(frame, 0)) {
				expected.add(withoutTime(EventFields.of(event, UdpCollectorHarness.NODE, this.harness.collector.run(),
						expected.size() + 1, 0)));
			}
			this.harness.sendFrame(frame);
		}
		assertThat(expected).isNotEmpty();
		UdpCollectorHarness.awaitTrue(() -> this.harness.streamLength() >= expected.size(), "every event in Redis");

		List<Map<String, String>> appended = this.harness.events()
			.stream()
			.map(UdpCollectorIntegrationTests::withoutTime)
			.toList();
		assertThat(appended).containsExactlyElementsOf(expected);
		assertThat(this.harness.events().get(0)).containsKey("ts_ns");
		// Contract v2: batched, one entry per publisher round of up to 256 events.
		assertThat(this.harness.entries()).hasSizeLessThan(expected.size())
			.allSatisfy((entry) -> assertThat(entry.getValue()).containsEntry("v", "2").containsKey("count"));
		Map<Object, Object> counters = this.harness.counters();
		assertThat(counters).containsEntry("packets", Long.toString(frames.size()))
			.containsEntry("reports", Long.toString(frames.size()))
			.containsEntry("events", Integer.toString(expected.size()))
			.containsEntry("published", Integer.toString(expected.size()))
			.containsEntry("redis_dropped", "0")
			.containsEntry("metric_values", Long.toString(reference.metricValues()))
			.containsEntry("reports_lost", "0")
			.containsEntry("mode", "udp");
	}

	@Test
	void countsMalformedDatagramsByReasonAndSequenceGapsAsLostReports() throws Exception {
		this.harness.start();
		// Ver 7: no telemetry report version.
		this.harness.send(new byte[] { 0x70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 });
		// A TR2.0 nibble and nothing after it.
		this.harness.send(new byte[] { 0x20 });
		EmulatedReports.Run run = EmulatedReports.capture(this.dir.resolve("gaps.pcap"), 1, 1000, 200,
				Duration.ofMillis(12), 3);
		List<byte[]> frames = EmulatedReports.frames(run.pcap());
		assertThat(frames).hasSizeGreaterThanOrEqualTo(10);
		// Skip the 4th and 5th report of the one flow's sink.
		for (int i = 0; i < 10; i++) {
			if (i != 3 && i != 4) {
				this.harness.sendFrame(frames.get(i));
			}
		}

		Map<Object, Object> counters = this.harness.counters();
		assertThat(counters).containsEntry("drop_unknown_version", "1")
			.containsEntry("drop_truncated", "1")
			.containsEntry("packets", "10")
			.containsEntry("reports", "8")
			.containsEntry("reports_lost", "2")
			.containsEntry("report_sources", "1");
	}

	@Test
	void decodesAndDetectsOnTransparentSecurityAndIntCollectorTestReports() throws Exception {
		this.harness.start();
		List<byte[]> frames = new ArrayList<>();
		for (String vector : List.of("thirdparty_tps_report_ipv4_2h", "thirdparty_tps_report_ipv6_2h",
				"thirdparty_intcollector_test_report_3h")) {
			frames
				.add(HexFormat.of().parseHex(Files.readString(VECTORS.resolve(vector + ".hex")).replaceAll("\\s", "")));
		}
		// The reference detects on each vector's frame sent to the detector's port.
		IntCollectorDetector reference = new IntCollectorDetector();
		List<Map<String, String>> expected = new ArrayList<>();
		for (byte[] frame : frames) {
			byte[] payload = UdpCollectorHarness.payloadOf(frame);
			byte[] toReportPort = UdpCollectorHarness.withDstPort(frame, IntCollectorDetector.DEFAULT_REPORT_PORT);
			for (CollectorEvent event : reference.detectFrame(toReportPort, 0)) {
				expected.add(withoutTime(EventFields.of(event, UdpCollectorHarness.NODE, this.harness.collector.run(),
						expected.size() + 1, 0)));
			}
			this.harness.send(payload);
		}
		// Each report's path at least; INTCollector's also its queue congestion (bit 6).
		assertThat(expected).hasSizeGreaterThan(8)
			.anySatisfy((event) -> assertThat(event).containsEntry("metric", "queue_congestion"));
		UdpCollectorHarness.awaitTrue(() -> this.harness.streamLength() >= expected.size(), "every event in Redis");

		assertThat(this.harness.events().stream().map(UdpCollectorIntegrationTests::withoutTime).toList())
			.containsExactlyElementsOf(expected);
		Map<Object, Object> counters = this.harness.counters();
		assertThat(counters).containsEntry("packets", "3")
			.containsEntry("reports", "3")
			.containsEntry("drop_bad_length", "0")
			.containsEntry("events", Integer.toString(expected.size()));
	}

	@Test
	void appliesTheThresholdsHashAtStartAndEachWholeMessageOnTheChannel() {
		this.harness.redis.opsForHash().put("sonde:collector:thresholds", "hop_latency", "40");
		this.harness.start();
		assertThat(this.harness.detector.threshold(CollectorMetric.HOP_LATENCY)).isEqualTo(40);

		this.harness.redis.convertAndSend("sonde:collector:thresholds", "queue_occupancy=1000, flow_latency=7");
		UdpCollectorHarness.awaitTrue(() -> this.harness.detector.threshold(CollectorMetric.FLOW_LATENCY) == 7,
				"the published thresholds");
		assertThat(this.harness.detector.threshold(CollectorMetric.QUEUE_OCCUPANCY)).isEqualTo(1000);

		// One bad pair: the whole message is refused.
		this.harness.redis.convertAndSend("sonde:collector:thresholds", "hop_latency=1 bogus=2");
		UdpCollectorHarness.awaitTrue(() -> this.harness.thresholds.rejected() == 1, "the bad message refused");
		assertThat(this.harness.detector.threshold(CollectorMetric.HOP_LATENCY)).isEqualTo(40);
		Map<Object, Object> counters = this.harness.counters();
		assertThat(counters).containsEntry("threshold_hop_latency", "40")
			.containsEntry("threshold_queue_occupancy", "1000")
			.containsEntry("thresholds_rejected", "1");
		// The hash at start and the message; the hash is applied again once the channel
		// is subscribed (what was published in between would be lost), on a tick whose
		// time the test does not know.
		assertThat(Long.parseLong(String.valueOf(counters.get("thresholds_applied")))).isGreaterThanOrEqualTo(2);
	}

	private static Map<String, String> withoutTime(Map<String, String> fields) {
		Map<String, String> copy = new LinkedHashMap<>(fields);
		copy.remove("ts_ns");
		return copy;
	}

}
