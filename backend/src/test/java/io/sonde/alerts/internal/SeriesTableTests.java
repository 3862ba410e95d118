package io.sonde.alerts.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One rule's series table: the time-bucketed window (what falls in it counts, what left
 * it does not), one series per fingerprint however many slots it grows to, the cap on
 * series, and series forgotten once their window is empty.
 */
class SeriesTableTests {

	@Test
	void countsWhatFellInTheWindowAndForgetsWhatLeftIt() {
		SeriesTable table = new SeriesTable(Duration.ofSeconds(10), 100);
		add(table, 0, event(1, 7), event(1, 7));
		add(table, 4_000, event(1, 7));
		add(table, 9_999, event(1, 7), event(1, 7), event(1, 7));

		assertThat(table.countsAtLeast(9_999, 1)).containsValue(6L);
		assertThat(table.countsAtLeast(10_000, 1)).as("the bucket of t=0 left").containsValue(4L);
		assertThat(table.countsAtLeast(14_500, 1)).containsValue(3L);
		assertThat(table.countsAtLeast(20_000, 1)).isEmpty();
		assertThat(table.size()).as("an empty window forgets its series").isZero();
	}

	@Test
	void aReusedBucketStartsFromZero() {
		SeriesTable table = new SeriesTable(Duration.ofSeconds(1), 100);
		add(table, 0, event(1, 7), event(1, 7), event(1, 7));
		add(table, 1_000, event(1, 7));

		assertThat(table.countsAtLeast(1_000, 1)).containsValue(1L);
	}

	@Test
	void keepsEachSeriesApartAcrossGrowthAndForgetting() {
		SeriesTable table = new SeriesTable(Duration.ofSeconds(10), 10_000);
		List<TelemetryEvent> events = new ArrayList<>();
		for (int flow = 0; flow < 3_000; flow++) {
			for (int repeat = 0; repeat <= flow % 3; repeat++) {
				events.add(event(flow % 8, flow));
			}
		}
		add(table, 0, events.toArray(TelemetryEvent[]::new));
		add(table, 9_000, event(1, 1));

		Map<EventSeries, Long> counts = table.countsAtLeast(9_000, 1);
		assertThat(counts).hasSize(3_000);
		assertThat(counts.get(EventSeries.of(event(1, 1)))).isEqualTo(3);
		assertThat(counts.get(EventSeries.of(event(2, 2)))).isEqualTo(3);
		assertThat(counts.get(EventSeries.of(event(3, 3)))).isEqualTo(1);
		assertThat(table.countsAtLeast(10_500, 1)).as("only the series counted at 9 s is left")
			.containsOnlyKeys(EventSeries.of(event(1, 1)));
		assertThat(table.countsAtLeast(10_500, 2)).isEmpty();
	}

	@Test
	void refusesSeriesBeyondItsMaximumButCountsTheOnesItHolds() {
		SeriesTable table = new SeriesTable(Duration.ofSeconds(10), 2);
		TelemetryEvent[] events = { event(1, 1), event(1, 2), event(1, 3), event(1, 1) };

		assertThat(add(table, 0, events)).isEqualTo(1);
		assertThat(table.countsAtLeast(0, 1)).containsOnlyKeys(EventSeries.of(event(1, 1)), EventSeries.of(event(1, 2)))
			.containsEntry(EventSeries.of(event(1, 1)), 2L);
	}

	@Test
	void fingerprintsTellSeriesApartByEveryField() {
		TelemetryEvent base = event(1, 1);
		assertThat(EventSeries.fingerprint(base)).isEqualTo(EventSeries.fingerprint(event(1, 1)))
			.isNotEqualTo(EventSeries.fingerprint(event(2, 1)))
			.isNotEqualTo(EventSeries.fingerprint(event(1, 2)))
			.isNotZero();
		TelemetryEvent otherMetric = new TelemetryEvent(null, "o", "test", Instant.EPOCH, EventKind.CHANGED,
				"queue_occupancy", "k", 1, null, 1L, null, null, base.flow(), List.of(), null);
		assertThat(EventSeries.fingerprint(otherMetric)).isNotEqualTo(EventSeries.fingerprint(base));
	}

	private static int add(SeriesTable table, long nowMillis, TelemetryEvent... events) {
		long[] fingerprints = new long[events.length];
		int[] positions = new int[events.length];
		for (int i = 0; i < events.length; i++) {
			fingerprints[i] = EventSeries.fingerprint(events[i]);
			positions[i] = i;
		}
		return table.add(events, fingerprints, positions, events.length, nowMillis);
	}

	private static TelemetryEvent event(long switchId, int flow) {
		EventFlow of = new EventFlow("10.0." + (flow % 250) + ".2", "10.1.0.3", 1024 + flow / 250, 6000, 17);
		return new TelemetryEvent(null, "o", "test", Instant.EPOCH, EventKind.CHANGED, "hop_latency", "k", 1, null,
				switchId, null, null, of, List.of(), null);
	}

}
