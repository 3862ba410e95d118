package io.sonde.emulator.report;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.ReportFormat;

import static org.assertj.core.api.Assertions.assertThat;

class InMemoryReportSinkTests {

	private static ReportFrame frame(long packetId) {
		return new ReportFrame(packetId, 1, ReportFormat.TR2_0, new byte[] { 1, 2, 3, 4 }, 2);
	}

	@Test
	void keepsTheNewestReportsAndCountsEveryOne() {
		InMemoryReportSink sink = new InMemoryReportSink(2);
		for (int i = 0; i < 5; i++) {
			sink.accept(frame(i));
		}
		assertThat(sink.reports()).extracting(ReportFrame::packetId).containsExactly(3L, 4L);
		assertThat(sink.accepted()).isEqualTo(5);
	}

	@Test
	void aFrameKnowsItsPayload() {
		ReportFrame frame = frame(1);
		assertThat(frame.payload()).containsExactly(3, 4);
		assertThat(frame.payloadLength()).isEqualTo(2);
	}

}
