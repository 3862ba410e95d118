package io.sonde.alerts.internal;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The time-bucketed window: what falls in it counts, what left it does not. */
class SeriesCountsTests {

	@Test
	void countsWhatFellInTheWindowAndForgetsWhatLeftIt() {
		SeriesCounts counts = new SeriesCounts(Duration.ofSeconds(10));
		counts.add(0, 2);
		counts.add(4_000, 1);
		counts.add(9_999, 3);

		assertThat(counts.count(9_999)).isEqualTo(6);
		assertThat(counts.count(10_000)).as("the bucket of t=0 left").isEqualTo(4);
		assertThat(counts.count(14_500)).isEqualTo(3);
		assertThat(counts.count(20_000)).isZero();
	}

	@Test
	void aReusedBucketStartsFromZero() {
		SeriesCounts counts = new SeriesCounts(Duration.ofSeconds(1));
		counts.add(0, 5);
		counts.add(1_000, 1);

		assertThat(counts.count(1_000)).isEqualTo(1);
	}

}
