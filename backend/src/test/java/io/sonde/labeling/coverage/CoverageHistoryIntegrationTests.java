package io.sonde.labeling.coverage;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.sonde.labeling.CoverageSample;
import io.sonde.store.TimeSeriesStore;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Coverage history written to the embedded QuestDB (into the table the V6 migration
 * makes) comes back whole into a fresh history, as after a backend restart.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CoverageHistoryIntegrationTests extends SharedApiContext {

	@Autowired
	TimeSeriesStore store;

	@Test
	void aRestartedBackendLoadsTheWindowsItWrote() {
		Instant base = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(30);
		List<CoverageSample> written = List.of(
				new CoverageSample(base, base.plusMillis(100), 24, 23, 23 / 24.0, 0.0125, 480, 31),
				new CoverageSample(base.plusMillis(100), base.plusMillis(200), 24, 24, 1.0, 0.0131, 502, 33));
		CoverageHistory before = new CoverageHistory(this.store, Duration.ofMinutes(15));
		written.forEach(before::add);
		before.flush();

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			CoverageHistory after = new CoverageHistory(this.store, Duration.ofMinutes(15));
			after.load(Instant.now());
			assertThat(after.back(Duration.ofMinutes(15))).containsAll(written);
		});
	}

}
