package io.sonde.javacollector.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lost reports from sequence numbers: per node and hw_id, across the wrap, late ones
 * apart.
 */
class ReportSequenceGapsTests {

	private final ReportSequenceGaps gaps = new ReportSequenceGaps();

	@Test
	void countsSkippedNumbersPerReportingNode() {
		this.gaps.observe(1L, 0, 10, 22);
		this.gaps.observe(1L, 0, 11, 22);
		assertThat(this.gaps.observe(1L, 0, 15, 22)).isEqualTo(3);
		this.gaps.observe(2L, 0, 500, 22);
		this.gaps.observe(2L, 0, 501, 22);
		this.gaps.observe(1L, 1, 7, 22);

		assertThat(this.gaps.lost()).isEqualTo(3);
		assertThat(this.gaps.sources()).isEqualTo(3);
		assertThat(this.gaps.lostBySource()).containsExactlyEntriesOf(java.util.Map.of("1_0", 3L));
	}

	@Test
	void followsTheTwentyTwoBitWrapOfTelemetryReportTwo() {
		long last = (1L << 22) - 1;
		this.gaps.observe(4L, 0, last - 1, 22);
		this.gaps.observe(4L, 0, last, 22);
		assertThat(this.gaps.observe(4L, 0, 0, 22)).isZero();
		assertThat(this.gaps.observe(4L, 0, 2, 22)).isEqualTo(1);
	}

	@Test
	void countsALateReportAsReorderedNotLost() {
		this.gaps.observe(null, 0, 100, 32);
		this.gaps.observe(null, 0, 101, 32);
		this.gaps.observe(null, 0, 99, 32);

		assertThat(this.gaps.lost()).isZero();
		assertThat(this.gaps.reordered()).isEqualTo(1);
		assertThat(this.gaps.observe(null, 0, 102, 32)).isZero();
	}

}
