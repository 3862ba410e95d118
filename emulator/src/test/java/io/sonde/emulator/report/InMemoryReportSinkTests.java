package io.sonde.emulator.report;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.ReportFormat;

import static org.assertj.core.api.Assertions.assertThat;

class InMemoryReportSinkTests {

	private static ReportFrame frame(int marker) {
		return new ReportFrame(new byte[] { (byte) marker, 0, 0x20, 4 }, 2);
	}

	@Test
	void keepsTheNewestReportsAndCountsEveryOne() {
		InMemoryReportSink sink = new InMemoryReportSink(2);
		for (int i = 0; i < 5; i++) {
			sink.accept(frame(i));
		}
		assertThat(sink.reports()).extracting((frame) -> (int) frame.frame()[0]).containsExactly(3, 4);
		assertThat(sink.accepted()).isEqualTo(5);
	}

	@Test
	void aFrameKnowsItsPayload() {
		ReportFrame frame = frame(1);
		assertThat(frame.payload()).containsExactly(0x20, 4);
		assertThat(frame.payloadLength()).isEqualTo(2);
		assertThat(frame.format()).hasValue(ReportFormat.TR2_0);
	}

}
