package io.sonde.metrics.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The latest values kept from a thread of their own: a reader that waits sees every batch
 * offered before it, the later detection of a key wins whatever the order of its batches,
 * and nothing offered before start or after stop is lost.
 */
class LatestUpdatesTests {

	private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

	private static TelemetryEvent hop(int key, double value, long nanos) {
		return new TelemetryEvent(null, "o" + key + "/" + nanos, "xdp:n/eth0", T0.plusNanos(nanos), EventKind.CHANGED,
				"hop_latency", "flow" + key + "@7", value, null, 7L, null, null, null, List.of(), null);
	}

	@Test
	void aReaderThatWaitsSeesEveryBatchOfferedBeforeIt() {
		LatestValues latest = new LatestValues(100_000);
		LatestUpdates updates = new LatestUpdates(latest);
		updates.start();
		try {
			// 200 batches of the same 1,000 keys, each batch detected 1 ns after the
			// last.
			for (int batch = 0; batch < 200; batch++) {
				List<TelemetryEvent> events = new ArrayList<>();
				for (int key = 0; key < 1000; key++) {
					events.add(hop(key, batch, batch));
				}
				updates.offer(events);
			}
			updates.awaitOffered();
			assertThat(latest.size()).isEqualTo(1000);
			assertThat(latest.unordered()).extracting(TelemetryEvent::value).containsOnly(199.0);
		}
		finally {
			updates.stop();
		}
	}

	@Test
	void theLaterDetectionWinsWhateverTheBatchOrder() {
		LatestValues latest = new LatestValues(100);
		LatestUpdates updates = new LatestUpdates(latest);
		updates.start();
		try {
			updates.offer(List.of(hop(1, 30, 300), hop(2, 5, 50)));
			// Detected earlier, appended later (another collector's batch): not kept.
			updates.offer(List.of(hop(1, 10, 100), hop(2, 6, 50)));
			updates.awaitOffered();
			assertThat(latest.all()).extracting(TelemetryEvent::value).containsExactly(30.0, 6.0);
		}
		finally {
			updates.stop();
		}
	}

	@Test
	void batchesBeforeStartAndAfterStopAreAppliedInPlace() {
		LatestValues latest = new LatestValues(100);
		LatestUpdates updates = new LatestUpdates(latest);
		updates.offer(List.of(hop(1, 1, 1)));
		assertThat(latest.size()).isEqualTo(1);
		updates.start();
		updates.offer(List.of(hop(2, 2, 2)));
		updates.stop();
		updates.offer(List.of(hop(3, 3, 3)));
		updates.awaitOffered();
		// all(): by metric, then key
		assertThat(latest.all()).extracting(TelemetryEvent::value).containsExactly(1.0, 2.0, 3.0);
	}

}
