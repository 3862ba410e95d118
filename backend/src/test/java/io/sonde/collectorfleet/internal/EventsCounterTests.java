package io.sonde.collectorfleet.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventKind;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * M_event per metric: every appended event counted once, however a batch mixes metrics.
 */
class EventsCounterTests {

	@Test
	void everyEventOfEveryBatchCountsForItsMetric() {
		EventsCounter counter = new EventsCounter();
		List<TelemetryEvent> mixed = new ArrayList<>();
		for (String metric : List.of("hop_latency", "hop_latency", "queue_occupancy", "hop_latency", "link_utilization",
				"link_utilization", "hop_latency")) {
			mixed.add(event(metric, mixed.size()));
		}

		counter.on(new EventsAppended(mixed));
		counter.on(new EventsAppended(List.of(event("queue_occupancy", 100))));
		counter.on(new EventsAppended(List.of()));

		assertThat(counter.total()).isEqualTo(8);
		assertThat(counter.byMetric())
			.isEqualTo(Map.of("hop_latency", 4L, "queue_occupancy", 2L, "link_utilization", 2L));
	}

	private static TelemetryEvent event(String metric, int seq) {
		return new TelemetryEvent(null, "xdp/n/eth0/1/" + seq, "xdp:n/eth0", Instant.parse("2026-11-26T10:00:00Z"),
				EventKind.CHANGED, metric, "k" + seq, seq, 0.0, 1L, null, null, null, List.of(), null);
	}

}
