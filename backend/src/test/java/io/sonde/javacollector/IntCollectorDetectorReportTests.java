package io.sonde.javacollector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.MalformedTelemetry;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;
import io.sonde.p4programs.packet.MalformedFrame;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A report decoded once from a UDP payload, as the Java collector receives it, gives the
 * events its whole frame gives: over every golden vector sent on UDP, each to the
 * detector's port its frame names.
 */
class IntCollectorDetectorReportTests {

	private static final Path VECTORS = Path.of("../p4-programs/src/test/resources/vectors");

	@Test
	void detectsOnAReportDecodedFromItsPayloadAsOnItsFrame() throws IOException {
		int withEvents = 0;
		for (Path file : vectorFiles()) {
			byte[] frame = HexFormat.of().parseHex(Files.readString(file).replaceAll("\\s", ""));
			DissectedFrame packet;
			try {
				packet = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
			}
			catch (MalformedFrame ex) {
				continue;
			}
			if (packet.protocol() != DissectedFrame.PROTOCOL_UDP) {
				continue;
			}
			byte[] payload = Arrays.copyOfRange(frame, packet.payloadOffset(),
					packet.payloadOffset() + packet.payloadLength());
			IntCollectorDetector onFrame = new IntCollectorDetector(packet.dstPort());
			IntCollectorDetector onReport = new IntCollectorDetector(packet.dstPort());
			List<CollectorEvent> expected = onFrame.detectFrame(frame, 7);
			List<CollectorEvent> detected = onReport(onReport, payload);

			assertThat(detected).as(file.getFileName().toString()).isEqualTo(expected);
			assertThat(onReport.reports()).as(file.getFileName().toString()).isEqualTo(onFrame.reports());
			assertThat(onReport.metricValues()).isEqualTo(onFrame.metricValues());
			withEvents += expected.isEmpty() ? 0 : 1;
		}
		assertThat(withEvents).isGreaterThan(50);
	}

	private static List<CollectorEvent> onReport(IntCollectorDetector detector, byte[] payload) {
		TelemetryReport report;
		try {
			report = TelemetryReportCodec.decode(payload, 0, payload.length);
		}
		catch (MalformedTelemetry ex) {
			return List.of();
		}
		return detector.detectReport(report, payload, 7);
	}

	private static List<Path> vectorFiles() throws IOException {
		try (Stream<Path> files = Files.list(VECTORS)) {
			return files.filter((file) -> file.toString().endsWith(".hex")).sorted().toList();
		}
	}

}
