package io.sonde.ingest;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis SIGKILLed under a collector publishing and the backend ingesting, then started
 * again from its append-only file: the {@code ingest} health component is DOWN while
 * Redis is gone and UP again after, ingest resumes without any manual step, and every
 * event the collector got an acknowledgement for is in the event log exactly once (the
 * XADD in flight at the kill is sent again by the collector; the consumer's
 * unacknowledged entries are delivered again; the event log drops the duplicates by
 * origin).
 * <p>
 * Redis runs with {@code appendfsync always} here, so an acknowledged XADD is on disk:
 * the test is about the backend's side. With {@code everysec} (production) a crash may
 * also forget the last second of acknowledged entries; the collectors publishing those
 * again is their part, tested with them.
 */
@SpringBootTest
// The class stops, kills or empties the Redis this context holds: the context closes
// with the class.
@DirtiesContext
class IngestAfterRedisCrashIntegrationTests {

	private static final String STREAM = "sonde:stream:events";

	private static final String NODE = "crash-node";

	private static final int EVENTS_PER_ENTRY = 20;

	/** 2026-11-02T00:00:00Z in ns. */
	private static final long T0 = Instant.parse("2026-11-02T00:00:00Z").getEpochSecond() * 1_000_000_000L;

	@TempDir
	static Path redisDir;

	private static RedisServerProcess redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.startAppendOnly(redisDir, "always");
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@DynamicPropertySource
	static void redisOfThisTest(DynamicPropertyRegistry properties) {
		redis.register(properties);
	}

	@Autowired
	StringRedisTemplate redisTemplate;

	@Autowired
	IngestStatistics statistics;

	@Autowired
	HealthEndpoint health;

	@Autowired
	TimeSeriesSql sql;

	@Test
	void resumesAfterRedisIsKilledAndStoresEveryAcknowledgedEventOnce() throws Exception {
		CollectorEntriesFixture.awaitConsumerGroup(this.redisTemplate);
		assertThat(status("ingest")).isEqualTo(Status.UP);
		try (Collector collector = new Collector(redis.port())) {
			collector.start();
			await().atMost(Duration.ofSeconds(60)).until(() -> this.statistics.stored() >= 2000);

			redis.kill();
			try {
				await().atMost(Duration.ofSeconds(20)).until(() -> status("ingest") == Status.DOWN);
				assertThat(reason("ingest")).contains("reading " + STREAM + " failing since");
				// An outage of a few seconds, not a blip: the consumer retries meanwhile.
				Thread.sleep(3000);
				assertThat(status("ingest")).isEqualTo(Status.DOWN);
			}
			finally {
				redis.restart();
			}
			long atRestart = collector.acknowledged();

			await().atMost(Duration.ofSeconds(30)).until(() -> status("ingest") == Status.UP);
			await().atMost(Duration.ofSeconds(60)).until(() -> collector.acknowledged() >= atRestart + 2000);
			collector.stop();
			long published = collector.acknowledged();

			await().atMost(Duration.ofSeconds(60)).until(() -> stored()[0] >= published);
			// Give QuestDB's write-ahead log time to apply anything doubled,
			// then count again.
			Thread.sleep(1500);
			long[] rowsAndOrigins = stored();
			assertThat(rowsAndOrigins[0]).as("rows").isEqualTo(published);
			assertThat(rowsAndOrigins[1]).as("distinct origins").isEqualTo(published);
		}
		assertThat(status("redisData")).as("a restart from the append-only file lost nothing").isEqualTo(Status.UP);
		assertThat(status("redis")).isEqualTo(Status.UP);
	}

	/** Rows and distinct origins of the collector's events in the event log. */
	private long[] stored() {
		Map<String, Object> row = this.sql
			.select("SELECT count() AS rows, count_distinct(origin) AS origins FROM events WHERE source = ?",
					"xdp:" + NODE + "/eth0")
			.get(0);
		return new long[] { ((Number) row.get("rows")).longValue(), ((Number) row.get("origins")).longValue() };
	}

	private Status status(String component) {
		return this.health.healthForPath(component).getStatus();
	}

	private String reason(String component) {
		return String.valueOf(((Health) this.health.healthForPath(component)).getDetails().get("reason"));
	}

	/**
	 * A collector as the XDP daemon behaves: entries of 20 events, contract v2, one every
	 * 10 ms; an XADD that fails is sent again until Redis acknowledges it, so nothing it
	 * counts as published was lost on its side.
	 */
	private static final class Collector implements AutoCloseable {

		private final RedisClient client;

		private final StatefulRedisConnection<String, String> connection;

		private final AtomicLong acknowledged = new AtomicLong();

		private final Thread thread;

		private volatile boolean running = true;

		Collector(int port) {
			this.client = RedisClient.create("redis://127.0.0.1:" + port);
			this.connection = this.client.connect();
			this.connection.setTimeout(Duration.ofSeconds(5));
			this.thread = new Thread(this::publish, "test-collector");
		}

		void start() {
			this.thread.start();
		}

		private void publish() {
			long seq = 0;
			while (this.running) {
				List<Map<String, String>> events = new ArrayList<>();
				for (int i = 1; i <= EVENTS_PER_ENTRY; i++) {
					long eventSeq = seq + i;
					events.add(CollectorEntriesFixture.hopLatency(NODE, eventSeq, T0 + eventSeq * 1000, eventSeq));
				}
				Map<String, String> entry = CollectorEntriesFixture.batch(events);
				while (this.running) {
					try {
						this.connection.sync().xadd(STREAM, entry);
						seq += EVENTS_PER_ENTRY;
						this.acknowledged.set(seq);
						break;
					}
					catch (RuntimeException ex) {
						pause(100);
					}
				}
				pause(10);
			}
		}

		long acknowledged() {
			return this.acknowledged.get();
		}

		void stop() throws InterruptedException {
			this.running = false;
			this.thread.join(10_000);
		}

		/**
		 * Real time passes on purpose: the collector's pace, and its retry after a failed
		 * XADD.
		 */
		private static void pause(long millis) {
			try {
				Thread.sleep(millis);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public void close() throws InterruptedException {
			stop();
			this.connection.close();
			this.client.shutdown();
		}

	}

}
