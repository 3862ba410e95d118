package io.sonde.metrics.internal;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A key keeps its latest detection, whatever order updates come in and from however many
 * threads; an update detected at the same instant as the kept one replaces it.
 */
class LatestValuesTests {

	private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

	private static TelemetryEvent hop(int key, double value, Instant at) {
		return new TelemetryEvent(null, "o" + key + "/" + value, "xdp:n/eth0", at, EventKind.CHANGED, "hop_latency",
				"flow" + key + "@7", value, null, 7L, null, null, null, List.of(), null);
	}

	@Test
	void theLaterDetectionWinsAndAnEqualOneReplaces() {
		LatestValues latest = new LatestValues(100);
		latest.update(hop(1, 30, T0.plusSeconds(3).plusNanos(500)));
		latest.update(hop(1, 10, T0.plusSeconds(1)));
		latest.update(hop(2, 5, T0.plusNanos(7)));
		latest.update(hop(2, 6, T0.plusNanos(7)));
		latest.update(hop(2, 4, T0.plusNanos(6)));
		assertThat(latest.all()).extracting(LatestValues.Latest::value).containsExactly(30.0, 6.0);
		// A later second with fewer nanoseconds is newer; the same second with
		// fewer is older.
		latest.update(hop(1, 40, T0.plusSeconds(4).plusNanos(100)));
		latest.update(hop(1, 35, T0.plusSeconds(4).plusNanos(50)));
		assertThat(latest.all()).extracting(LatestValues.Latest::value).containsExactly(40.0, 6.0);
	}

	@Test
	void aKeysLatestValueCarriesItsLatestEventsSourcePathAndTime() {
		EventFlow flow = new EventFlow("10.0.0.1", "10.0.1.2", 4000, 80, 6);
		LatestValues latest = new LatestValues(100);
		latest.update(path(flow, "xdp:a/eth0", List.of(11L, 12L, 13L), 1, T0));
		latest.update(path(flow, "java:b", List.of(11L, 14L, 13L), 2, T0.plusNanos(5)));
		latest.update(path(flow, "xdp:a/eth0", List.of(11L, 15L, 13L), 3, T0.plusNanos(4)));
		assertThat(latest.all()).singleElement().satisfies((value) -> {
			assertThat(value.metric()).isEqualTo("flow_path");
			assertThat(value.key()).isEqualTo(flow.toString());
			assertThat(value.flow()).isEqualTo(flow);
			assertThat(value.source()).isEqualTo("java:b");
			assertThat(value.path()).containsExactly(11L, 14L, 13L);
			assertThat(value.value()).isEqualTo(2.0);
			assertThat(value.detectedAt()).isEqualTo(T0.plusNanos(5));
		});
	}

	private static TelemetryEvent path(EventFlow flow, String source, List<Long> path, double value, Instant at) {
		return new TelemetryEvent(null, source + "/" + value, source, at, EventKind.CHANGED, "flow_path",
				flow.toString(), value, null, null, null, null, flow, path, null);
	}

	@Test
	void concurrentUpdatesKeepEachKeysLatest() throws InterruptedException {
		LatestValues latest = new LatestValues(10_000);
		int threads = 4;
		CountDownLatch start = new CountDownLatch(1);
		Thread[] updaters = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			int offset = t;
			updaters[t] = new Thread(() -> {
				try {
					start.await();
				}
				catch (InterruptedException ex) {
					return;
				}
				// Thread t writes detections t, t + 4, t + 8 ... of every key.
				for (int round = offset; round < 2000; round += threads) {
					for (int key = 0; key < 100; key++) {
						latest.update(hop(key, round, T0.plusMillis(round)));
					}
				}
			});
			updaters[t].start();
		}
		start.countDown();
		for (Thread updater : updaters) {
			updater.join();
		}
		assertThat(latest.size()).isEqualTo(100);
		assertThat(latest.unordered()).extracting(LatestValues.Latest::value).containsOnly(1999.0);
	}

}
