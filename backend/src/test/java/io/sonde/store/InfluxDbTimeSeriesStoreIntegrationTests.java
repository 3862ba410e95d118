package io.sonde.store;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.sonde.store.internal.influxdb.InfluxDbTimeSeriesStore;
import io.sonde.testsupport.InfluxDb2Container;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The production alternative, InfluxDB 2.x, written through the same line-protocol writer
 * and read back in Flux. Needs Docker; skipped (and reported skipped) where there is
 * none.
 */
@Testcontainers(disabledWithoutDocker = true)
class InfluxDbTimeSeriesStoreIntegrationTests {

	@Container
	static final InfluxDb2Container influx = new InfluxDb2Container();

	private InfluxDbTimeSeriesStore store;

	@BeforeEach
	void connect() {
		this.store = new InfluxDbTimeSeriesStore(influx.url(), InfluxDb2Container.TOKEN, InfluxDb2Container.ORG,
				InfluxDb2Container.BUCKET, Duration.ofSeconds(10));
	}

	@AfterEach
	void close() {
		this.store.close();
	}

	@Test
	void readsBackWhatItWrote() {
		Instant base = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(30);
		this.store.write(List.of(
				new MetricPoint("port_metrics", Map.of("switch_id", "s1", "port", "1"), Map.of("tx_utilization", 0.5),
						base),
				new MetricPoint("port_metrics", Map.of("switch_id", "s1", "port", "1"), Map.of("tx_utilization", 0.7),
						base.plusSeconds(1))));

		SeriesQuery query = new SeriesQuery("port_metrics", "tx_utilization", Map.of("switch_id", "s1"), base,
				base.plusSeconds(5));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(this.store.read(query)).containsExactly(new Sample(base, 0.5),
					new Sample(base.plusSeconds(1), 0.7)));
		assertThat(this.store.check()).containsEntry("store", "influxdb2");
	}

}
