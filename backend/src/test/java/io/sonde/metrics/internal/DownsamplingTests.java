package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.store.Sample;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * History buckets in Java, and the same query in the stores' own languages: QuestDB's
 * SAMPLE BY and Flux's aggregateWindow.
 */
class DownsamplingTests {

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void bucketsAlignedToTheEpochWithMeanMinMaxAndCountSkippingEmptyOnes() {
		List<Sample> samples = List.of(new Sample(T0.plusSeconds(1), 10), new Sample(T0.plusSeconds(9), 20),
				new Sample(T0.plusSeconds(12), 5), new Sample(T0.plusSeconds(41), 7));

		List<MetricHistoryPoint> points = Downsampler.downsample(samples, Duration.ofSeconds(10));

		assertThat(points).containsExactly(new MetricHistoryPoint(T0, 15, 10, 20, 2),
				new MetricHistoryPoint(T0.plusSeconds(10), 5, 5, 5, 1),
				new MetricHistoryPoint(T0.plusSeconds(40), 7, 7, 7, 1));
		assertThat(Downsampler.downsample(List.of(), Duration.ofSeconds(1))).isEmpty();
	}

	@Test
	void readsAndWritesResolutionsInTheStoresUnits() {
		assertThat(Resolutions.parse("10s")).isEqualTo(Duration.ofSeconds(10));
		assertThat(Resolutions.parse("5m")).isEqualTo(Duration.ofMinutes(5));
		assertThat(Resolutions.parse("250ms")).isEqualTo(Duration.ofMillis(250));
		assertThat(Resolutions.parse("1d")).isEqualTo(Duration.ofDays(1));
		assertThat(Resolutions.format(Duration.ofSeconds(90))).isEqualTo("90s");
		assertThat(Resolutions.format(Duration.ofHours(2))).isEqualTo("2h");
		assertThat(Resolutions.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
		assertThatIllegalArgumentException().isThrownBy(() -> Resolutions.parse("often"));
		assertThatIllegalArgumentException().isThrownBy(() -> Resolutions.parse("0s"));
		assertThatIllegalArgumentException().isThrownBy(() -> Resolutions.parse("-1m"));
	}

	@Test
	void questDbSamplesByTheResolutionWithEveryValueBound() {
		assertThat(DownsampleQueries.questDb(Duration.ofMinutes(5))).isEqualTo(
				"SELECT ts, avg(value) AS mean, min(value) AS min, max(value) AS max, count() AS count FROM int_metrics"
						+ " WHERE metric = ? AND metric_key = ? AND ts >= ? AND ts < ? SAMPLE BY 5m ALIGN TO CALENDAR");
	}

	@Test
	void fluxAggregatesWindowsLabelledByTheirStartAndEscapesValues() {
		String flux = DownsampleQueries.flux("sonde", "hop_latency", "k\"${x}", T0, T0.plusSeconds(60),
				Duration.ofSeconds(10));

		assertThat(flux).isEqualTo("from(bucket: \"sonde\")\n"
				+ "  |> range(start: time(v: \"2026-01-01T00:00:00Z\"), stop: time(v: \"2026-01-01T00:01:00Z\"))\n"
				+ "  |> filter(fn: (r) => r._measurement == \"int_metrics\" and r._field == \"value\""
				+ " and r.metric == \"hop_latency\" and r.metric_key == \"k\\\"\\${x}\")\n"
				+ "  |> aggregateWindow(every: 10s, fn: mean, timeSrc: \"_start\", createEmpty: false)");
	}

}
