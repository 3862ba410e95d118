package io.sonde.metrics.internal;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.sonde.events.EventFlow;
import io.sonde.events.EventKind;
import io.sonde.events.TelemetryEvent;
import io.sonde.metrics.MetricHistoryPoint;
import io.sonde.store.MetricPoint;
import io.sonde.store.TimeSeriesStore;
import io.sonde.store.internal.questdb.SqlExecutor;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The history the API gives (raw read, bucketed in Java) equals what QuestDB's own SAMPLE
 * BY gives for the same key, range and resolution, on the embedded QuestDB with the V3
 * table.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
// The context closes with the class: cached, it would keep retrying the class's Redis
// (and whatever else it started) through every later test, and gRPC threads would throw
// into their awaits.
@DirtiesContext
class StoreDownsamplingIntegrationTests {

	@RegisterExtension
	static final RedisServerProcess redis = RedisServerProcess.start();

	private static final Instant T0 = Instant.parse("2026-02-01T00:00:00Z");

	@DynamicPropertySource
	static void service(DynamicPropertyRegistry properties) {
		redis.register(properties);
		properties.add("sonde.metrics.push-interval", () -> "0s");
		// The history then reads event points of int_metrics, which this test writes.
		properties.add("sonde.metrics.event-points", () -> "always");
	}

	@Autowired
	TimeSeriesStore store;

	@Autowired
	StoreMetricHistory history;

	@Test
	void bucketsInJavaEqualQuestDbsSampleBy() throws Exception {
		EventFlow flow = new EventFlow("10.0.0.1", "10.0.1.2", 1, 2, 17);
		List<MetricPoint> points = new ArrayList<>();
		for (int i = 0; i < 95; i++) {
			TelemetryEvent event = new TelemetryEvent(null, "o" + i, "test", T0.plusMillis(i * 700L), EventKind.CHANGED,
					"flow_latency", flow.toString(), (i * 37) % 101, null, null, null, null, flow, List.of(), null);
			points.add(MetricPoints.of(event, MetricPoints.ORIGIN_EVENT, event.detectedAt()));
		}
		this.store.write(points);
		Instant to = T0.plusSeconds(70);
		Duration resolution = Duration.ofSeconds(10);

		List<MetricHistoryPoint> java = awaitHistory(flow.toString(), to, resolution, 95);
		List<Map<String, Object>> rows = ((SqlExecutor) this.store).query(DownsampleQueries.questDb(resolution),
				"flow_latency", flow.toString(), LocalDateTime.ofInstant(T0, ZoneOffset.UTC),
				LocalDateTime.ofInstant(to, ZoneOffset.UTC));

		List<MetricHistoryPoint> questDb = rows.stream()
			.map((row) -> new MetricHistoryPoint(instant(row.get("ts")), ((Number) row.get("mean")).doubleValue(),
					((Number) row.get("min")).doubleValue(), ((Number) row.get("max")).doubleValue(),
					((Number) row.get("count")).longValue()))
			.toList();
		assertThat(java).hasSize(7);
		assertThat(questDb).hasSameSizeAs(java);
		for (int i = 0; i < java.size(); i++) {
			assertThat(questDb.get(i).time()).isEqualTo(java.get(i).time());
			assertThat(questDb.get(i).mean()).isCloseTo(java.get(i).mean(), org.assertj.core.data.Offset.offset(1e-9));
			assertThat(questDb.get(i).min()).isEqualTo(java.get(i).min());
			assertThat(questDb.get(i).max()).isEqualTo(java.get(i).max());
			assertThat(questDb.get(i).count()).isEqualTo(java.get(i).count());
		}
	}

	private List<MetricHistoryPoint> awaitHistory(String key, Instant to, Duration resolution, long values) {
		List<MetricHistoryPoint> points = await("history of " + key).atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.until(() -> this.history.history("flow_latency", key, T0, to, resolution),
					(shown) -> valuesIn(shown) >= values);
		assertThat(valuesIn(points)).isEqualTo(values);
		return points;
	}

	private static long valuesIn(List<MetricHistoryPoint> points) {
		return points.stream().mapToLong(MetricHistoryPoint::count).sum();
	}

	private static Instant instant(Object value) {
		if (value instanceof Timestamp timestamp) {
			return timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC);
		}
		if (value instanceof LocalDateTime local) {
			return local.toInstant(ZoneOffset.UTC);
		}
		throw new IllegalStateException("unexpected timestamp type " + value.getClass());
	}

}
