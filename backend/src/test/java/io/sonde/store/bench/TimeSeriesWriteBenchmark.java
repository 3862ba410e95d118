package io.sonde.store.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.sonde.store.MetricPoint;
import io.sonde.store.PortCountersTable;
import io.sonde.store.internal.TimeSeriesProperties;
import io.sonde.store.internal.migration.QuestDbSchema;
import io.sonde.store.internal.questdb.EmbeddedQuestDb;
import io.sonde.store.internal.questdb.QuestDbTimeSeriesStore;

/**
 * Write throughput of the time-series path: {@code TimeSeriesStore.write} (MetricPoint ->
 * influxdb-client-java -> /api/v2/write of embedded QuestDB) against a baseline measured
 * in the same run: the same rows as pre-rendered line protocol POSTed straight to
 * /api/v2/write, which is what QuestDB itself can take over HTTP on this machine.
 *
 * <p>
 * Run with {@code make bench-timeseries}. Prints one line per round and the medians.
 */
public final class TimeSeriesWriteBenchmark {

	private static final int POINTS_PER_ROUND = 200_000;

	private static final int BATCH = 5_000;

	private static final int ROUNDS = 5;

	private TimeSeriesWriteBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		Path dir = Files.createTempDirectory("sonde-bench-questdb");
		TimeSeriesProperties.QuestDb settings = new TimeSeriesProperties.QuestDb(true, dir, "127.0.0.1", 0, 0, "admin",
				"quest", 2, Map.of());
		EmbeddedQuestDb questDb = new EmbeddedQuestDb(settings);
		questDb.start();
		try (QuestDbTimeSeriesStore store = new QuestDbTimeSeriesStore("127.0.0.1", questDb.httpPort(),
				questDb.pgPort(), "admin", "quest", Duration.ofSeconds(60))) {
			QuestDbSchema.migrations(store, "classpath*:db-migrations", Clock.systemUTC()).migrate();
			PortCountersTable.create(store);
			HttpClient http = HttpClient.newHttpClient();
			URI write = URI.create("http://127.0.0.1:" + questDb.httpPort() + "/api/v2/write?precision=ns");

			long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
			double[] client = new double[ROUNDS];
			double[] raw = new double[ROUNDS];
			// Round 0 warms both paths up (JIT, QuestDB's writers) and is not counted.
			for (int round = 0; round <= ROUNDS; round++) {
				long base = start + round * 10_000_000L;
				List<List<MetricPoint>> batches = batches(base);
				List<String> bodies = lineProtocol(batches(base + 5_000_000L));
				double clientRate = timeClient(store, batches);
				double rawRate = timeRaw(http, write, bodies);
				System.out.printf("round %d: TimeSeriesStore.write %,.0f points/s, raw line protocol %,.0f points/s%n",
						round, clientRate, rawRate);
				if (round > 0) {
					client[round - 1] = clientRate;
					raw[round - 1] = rawRate;
				}
			}
			double clientMedian = median(client);
			double rawMedian = median(raw);
			System.out.printf("%nmedian of %d rounds x %,d points (batches of %,d, 2 tags + 5 fields per point):%n",
					ROUNDS, POINTS_PER_ROUND, BATCH);
			System.out.printf("  TimeSeriesStore.write (influxdb-client-java): %,.0f points/s (min %,.0f, max %,.0f)%n",
					clientMedian, min(client), max(client));
			System.out.printf("  baseline, raw line protocol over HTTP:        %,.0f points/s (min %,.0f, max %,.0f)%n",
					rawMedian, min(raw), max(raw));
			System.out.printf("  ratio store/baseline: %.2f%n", clientMedian / rawMedian);
		}
		finally {
			questDb.stop();
		}
	}

	private static List<List<MetricPoint>> batches(long baseMillis) {
		List<List<MetricPoint>> batches = new ArrayList<>();
		List<MetricPoint> batch = new ArrayList<>(BATCH);
		for (int i = 0; i < POINTS_PER_ROUND; i++) {
			batch.add(
					new MetricPoint(PortCountersTable.NAME, Map.of("switch_id", "s" + (i % 16), "port", "p" + (i % 64)),
							Map.of("rx_packets", (long) i, "tx_packets", (long) i + 1, "rx_bytes", i * 1500L,
									"tx_bytes", i * 1500L + 64, "tx_utilization", (i % 100) / 100.0),
							Instant.ofEpochMilli(baseMillis + i)));
			if (batch.size() == BATCH) {
				batches.add(batch);
				batch = new ArrayList<>(BATCH);
			}
		}
		return batches;
	}

	private static List<String> lineProtocol(List<List<MetricPoint>> batches) {
		List<String> bodies = new ArrayList<>();
		for (List<MetricPoint> batch : batches) {
			StringBuilder body = new StringBuilder(batch.size() * 160);
			for (MetricPoint point : batch) {
				body.append(point.measurement())
					.append(",switch_id=")
					.append(point.tags().get("switch_id"))
					.append(",port=")
					.append(point.tags().get("port"))
					.append(' ');
				body.append("rx_packets=")
					.append(point.fields().get("rx_packets"))
					.append("i,tx_packets=")
					.append(point.fields().get("tx_packets"))
					.append("i,rx_bytes=")
					.append(point.fields().get("rx_bytes"))
					.append("i,tx_bytes=")
					.append(point.fields().get("tx_bytes"))
					.append("i,tx_utilization=")
					.append(point.fields().get("tx_utilization"));
				body.append(' ').append(point.time().toEpochMilli() * 1_000_000L).append('\n');
			}
			bodies.add(body.toString());
		}
		return bodies;
	}

	private static double timeClient(QuestDbTimeSeriesStore store, List<List<MetricPoint>> batches) {
		long t0 = System.nanoTime();
		for (List<MetricPoint> batch : batches) {
			store.write(batch);
		}
		return POINTS_PER_ROUND / ((System.nanoTime() - t0) / 1e9);
	}

	private static double timeRaw(HttpClient http, URI write, List<String> bodies)
			throws IOException, InterruptedException {
		long t0 = System.nanoTime();
		for (String body : bodies) {
			HttpResponse<String> response = http.send(
					HttpRequest.newBuilder(write).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
					HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() / 100 != 2) {
				throw new IllegalStateException("write refused: " + response.statusCode() + " " + response.body());
			}
		}
		return POINTS_PER_ROUND / ((System.nanoTime() - t0) / 1e9);
	}

	private static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		return sorted[sorted.length / 2];
	}

	private static double min(double[] values) {
		return Arrays.stream(values).min().orElseThrow();
	}

	private static double max(double[] values) {
		return Arrays.stream(values).max().orElseThrow();
	}

}
