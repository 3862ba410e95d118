package io.sonde.metrics.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.events.EventKind;
import io.sonde.events.EventsAppended;
import io.sonde.events.TelemetryEvent;
import io.sonde.metrics.MetricsExport.MetricKey;
import io.sonde.store.MetricPoint;
import io.sonde.store.Sample;
import io.sonde.store.SeriesQuery;
import io.sonde.store.TimeSeriesStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exporter's layout and push: an event becomes a point at its detection time with the
 * key's tags; a push writes each key's newest value at the clock's time; past
 * {@code max-keys} new keys are counted, not kept.
 */
class MetricsExporterTests {

	private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

	private final List<MetricPoint> written = new CopyOnWriteArrayList<>();

	private final Clock clock = Clock.fixed(T0.plusSeconds(100), ZoneOffset.UTC);

	private static TelemetryEvent queue(long switchId, long queueId, double value, int second) {
		return new TelemetryEvent(null, "o" + switchId + queueId + second, "xdp:n/eth0", T0.plusSeconds(second),
				EventKind.CHANGED, "queue_occupancy", switchId + "/" + queueId, value, null, switchId, queueId, null,
				null, List.of(), null);
	}

	@Test
	void writesEventsAtOncePushesTheNewestValuePerKeyAndBoundsTheKeys() throws Exception {
		PointWriter writer = new PointWriter(new CapturingStore(this.written), 100, 10, 0, Duration.ofMillis(1));
		MetricsExporter exporter = new MetricsExporter(writer, new MetricsProperties(Duration.ZERO, 100, 10, 0,
				Duration.ofMillis(1), 2, MetricsProperties.EventPoints.ALWAYS), this.clock, true);
		exporter.start();
		try {
			// Key 7/1 twice, the later-detected value first; a third key past max-keys.
			exporter.on(new EventsAppended(
					List.of(queue(7, 1, 900, 5), queue(7, 1, 800, 3), queue(8, 0, 5, 4), queue(9, 0, 1, 6))));
			await(() -> this.written.size() == 4);
			MetricPoint first = this.written.get(0);
			assertThat(first.measurement()).isEqualTo("int_metrics");
			assertThat(first.time()).isEqualTo(T0.plusSeconds(5));
			assertThat(first.tags()).containsEntry("metric", "queue_occupancy")
				.containsEntry("metric_key", "7/1")
				.containsEntry("origin", "event")
				.containsEntry("switch_id", "7")
				.containsEntry("queue_id", "1")
				.containsEntry("source", "xdp:n/eth0")
				.doesNotContainKeys("port", "flow");
			assertThat(first.fields()).containsEntry("value", 900.0);

			exporter.push();
			await(() -> this.written.size() == 6);
			List<MetricPoint> pushed = this.written.subList(4, 6);
			assertThat(pushed).allSatisfy((point) -> {
				assertThat(point.time()).isEqualTo(T0.plusSeconds(100));
				assertThat(point.tags()).containsEntry("origin", "push");
			});
			assertThat(pushed).extracting((point) -> point.fields().get("value")).containsExactly(900.0, 5.0);

			assertThat(exporter.keys("queue_occupancy", 8L)).extracting(MetricKey::key).containsExactly("8/0");
			assertThat(exporter.keys("hop_latency", null)).isEmpty();
			assertThat(exporter.statistics().keys()).isEqualTo(2);
			assertThat(exporter.statistics().keysRefused()).isEqualTo(1);
			assertThat(exporter.statistics().eventPoints()).isEqualTo(4);
			assertThat(exporter.statistics().eventValues()).isEqualTo(4);
			assertThat(exporter.statistics().pushPoints()).isEqualTo(2);
		}
		finally {
			exporter.stop();
		}
	}

	private static void await(java.util.function.BooleanSupplier condition) {
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(2))
			.until(condition::getAsBoolean);
	}

	private record CapturingStore(List<MetricPoint> written) implements TimeSeriesStore {

		@Override
		public void writeLineProtocol(String lines) {
			throw new UnsupportedOperationException("the metrics writer writes points");
		}

		@Override
		public void write(List<MetricPoint> points) {
			this.written.addAll(points);
		}

		@Override
		public List<Sample> read(SeriesQuery query) {
			return List.of();
		}

		@Override
		public String describe() {
			return "capturing";
		}

	}

}
