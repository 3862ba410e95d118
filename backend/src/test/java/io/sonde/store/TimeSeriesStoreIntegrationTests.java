package io.sonde.store;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import io.sonde.store.internal.questdb.SqlExecutor;
import io.sonde.testsupport.SharedApiContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Embedded QuestDB written through influxdb-client-java (line protocol over
 * /api/v2/write) and read back over the PostgreSQL wire, into a table made as
 * db-migrations make theirs ({@link PortCountersTable}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TimeSeriesStoreIntegrationTests extends SharedApiContext {

	@Autowired
	TimeSeriesStore store;

	@Autowired
	SqlExecutor sql;

	@BeforeEach
	void createTheTable() {
		PortCountersTable.create(this.sql);
	}

	@Test
	void readsBackWhatItWroteThroughLineProtocol() {
		Instant base = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
		List<MetricPoint> points = List.of(portPoint("s1", "1", base, 0.25),
				portPoint("s1", "1", base.plusSeconds(1), 0.5), portPoint("s1", "2", base.plusSeconds(1), 0.9),
				portPoint("s1", "1", base.plusSeconds(2), 0.75));

		this.store.write(points);

		SeriesQuery query = new SeriesQuery(PortCountersTable.NAME, "tx_utilization",
				Map.of("switch_id", "s1", "port", "1"), base, base.plusSeconds(10));
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(this.store.read(query)).hasSize(3));
		assertThat(this.store.read(query)).containsExactly(new Sample(base, 0.25), new Sample(base.plusSeconds(1), 0.5),
				new Sample(base.plusSeconds(2), 0.75));
	}

	@Test
	void resentBatchOverwritesItsRowsInsteadOfDoublingThem() {
		Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(120);
		MetricPoint point = portPoint("dedup", "7", at, 0.1);
		this.store.write(List.of(point));
		this.store.write(List.of(portPoint("dedup", "7", at, 0.2)));

		SeriesQuery query = new SeriesQuery(PortCountersTable.NAME, "tx_utilization", Map.of("switch_id", "dedup"), at,
				at.plusSeconds(1));
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(this.store.read(query)).containsExactly(new Sample(at, 0.2)));
	}

	@Test
	void rejectsAMeasurementThatNoMigrationCreated() {
		MetricPoint stray = new MetricPoint("no_such_table", Map.of("switch_id", "s1"), Map.of("value", 1.0),
				Instant.now());

		assertThatExceptionOfType(TimeSeriesRejected.class).isThrownBy(() -> this.store.write(List.of(stray)))
			.withMessageContaining("QuestDB");
	}

	@Test
	void rejectsAQueryOfAnUnknownTable() {
		SeriesQuery query = new SeriesQuery("no_such_table", "value", Map.of(), Instant.EPOCH, Instant.now());

		assertThatExceptionOfType(TimeSeriesRejected.class).isThrownBy(() -> this.store.read(query))
			.withMessageContaining("no_such_table");
	}

	private static MetricPoint portPoint(String switchId, String port, Instant at, double utilization) {
		return new MetricPoint(PortCountersTable.NAME, Map.of("switch_id", switchId, "port", port),
				Map.of("tx_utilization", utilization, "tx_packets", 1000L), at);
	}

}
