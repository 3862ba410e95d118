package io.sonde.metrics.internal;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.store.MetricPoint;
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
 * On InfluxDB 2.x the exporter's points read back through the history the API gives, and
 * the Flux aggregateWindow form of the query gives the same means per window. Needs
 * Docker; skipped (and reported skipped) where there is none.
 */
@Testcontainers(disabledWithoutDocker = true)
class InfluxDbDownsamplingIntegrationTests {

	@Container
	static final InfluxDb2Container influx = new InfluxDb2Container();

	private InfluxDbTimeSeriesStore store;

	private InfluxDBClient client;

	@BeforeEach
	void connect() {
		this.store = new InfluxDbTimeSeriesStore(influx.url(), InfluxDb2Container.TOKEN, InfluxDb2Container.ORG,
				InfluxDb2Container.BUCKET, Duration.ofSeconds(10));
		this.client = InfluxDBClientFactory.create(influx.url(), InfluxDb2Container.TOKEN.toCharArray(),
				InfluxDb2Container.ORG, InfluxDb2Container.BUCKET);
	}

	@AfterEach
	void close() {
		this.client.close();
		this.store.close();
	}

	@Test
	void historyAndAggregateWindowAgree() {
		Instant t0 = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(10));
		EventFlow flow = new EventFlow("10.0.0.1", "10.0.1.2", 1, 2, 17);
		List<MetricPoint> points = new ArrayList<>();
		for (int i = 0; i < 40; i++) {
			TelemetryEvent event = new TelemetryEvent(null, "o" + i, "test", t0.plusMillis(i * 1500L),
					EventKind.CHANGED, "flow_latency", flow.toString(), i % 7, null, null, null, null, flow, List.of(),
					null);
			points.add(MetricPoints.of(event, MetricPoints.ORIGIN_EVENT, event.detectedAt()));
		}
		this.store.write(points);
		Instant to = t0.plusSeconds(60);
		Duration resolution = Duration.ofSeconds(10);
		StoreMetricHistory history = new StoreMetricHistory(this.store, false);

		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(history.history("flow_latency", flow.toString(), t0, to, resolution)
				.stream()
				.mapToLong(MetricHistoryPoint::count)
				.sum()).isEqualTo(40));
		List<MetricHistoryPoint> java = history.history("flow_latency", flow.toString(), t0, to, resolution);

		List<double[]> flux = new ArrayList<>();
		for (FluxTable table : this.client.getQueryApi()
			.query(DownsampleQueries.flux("sonde", "flow_latency", flow.toString(), t0, to, resolution), "sonde")) {
			for (FluxRecord record : table.getRecords()) {
				flux.add(new double[] { record.getTime().toEpochMilli(), ((Number) record.getValue()).doubleValue() });
			}
		}
		assertThat(flux).hasSameSizeAs(java);
		for (int i = 0; i < java.size(); i++) {
			assertThat((long) flux.get(i)[0]).isEqualTo(java.get(i).time().toEpochMilli());
			assertThat(flux.get(i)[1]).isCloseTo(java.get(i).mean(), org.assertj.core.data.Offset.offset(1e-9));
		}
	}

}
