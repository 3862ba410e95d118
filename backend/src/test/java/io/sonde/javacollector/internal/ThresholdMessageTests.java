package io.sonde.javacollector.internal;

import java.util.Map;

import io.sonde.ingest.CollectorMetric;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The contract's thresholds message: pairs split on spaces, commas or newlines; whole or
 * nothing.
 */
class ThresholdMessageTests {

	@Test
	void readsPairsSeparatedBySpacesCommasAndNewlines() {
		assertThat(ThresholdMessage.parse("hop_latency=40, queue_occupancy=1000\nflow_path=0"))
			.isEqualTo(Map.of(CollectorMetric.HOP_LATENCY, 40L, CollectorMetric.QUEUE_OCCUPANCY, 1000L,
					CollectorMetric.FLOW_PATH, 0L));
		assertThat(ThresholdMessage.parse("link_utilization=18446744073709551615"))
			.containsEntry(CollectorMetric.LINK_UTILIZATION, -1L);
		assertThat(ThresholdMessage.parse("hop_latency=9223372036854775808")).containsEntry(CollectorMetric.HOP_LATENCY,
				Long.MIN_VALUE);
	}

	@Test
	void refusesTheWholeMessageForOneBadPair() {
		assertThatIllegalArgumentException().isThrownBy(() -> ThresholdMessage.parse("hop_latency=4 jitter=2"));
		assertThatIllegalArgumentException().isThrownBy(() -> ThresholdMessage.parse("hop_latency=-4"));
		assertThatIllegalArgumentException().isThrownBy(() -> ThresholdMessage.parse("hop_latency"));
		assertThatIllegalArgumentException().isThrownBy(() -> ThresholdMessage.parse("hop_latency=1.5"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ThresholdMessage.parse("hop_latency=18446744073709551616 queue_occupancy=3"));
		assertThatIllegalArgumentException().isThrownBy(() -> ThresholdMessage.parse("  "));
	}

}
