package io.sonde.ingest;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.lettuce.core.Consumer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.sonde.SondeApplication;
import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A consumer killed mid-batch (entries read, never acknowledged): a second replica claims
 * them once they are idle longer than claim-idle, and a replica restarted under the same
 * name takes up its own pending entries first. Every event ends up in QuestDB exactly
 * once, none lost, though some were also delivered twice by the collector itself.
 */
class IngestCrashIntegrationTests {

	private static final String STREAM = "sonde:stream:events";

	private static final long T0 = 1_790_000_000_000_000_000L;

	private static RedisServerProcess redis;

	private static RedisClient client;

	private static StatefulRedisConnection<String, String> connection;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.start();
		client = RedisClient.create("redis://127.0.0.1:" + redis.port());
		connection = client.connect();
		connection.sync()
			.xgroupCreate(XReadArgs.StreamOffset.from(STREAM, "$"), "backend",
					io.lettuce.core.XGroupCreateArgs.Builder.mkstream());
	}

	@AfterAll
	static void stopRedis() {
		connection.close();
		client.shutdown();
		redis.stop();
	}

	@Test
	void claimsWhatADeadConsumerLeftPendingAndStoresEveryEventOnce() {
		RedisCommands<String, String> commands = connection.sync();
		for (long seq = 1; seq <= 500; seq++) {
			commands.xadd(STREAM, CollectorEntriesFixture.hopLatency("node-c", seq, T0 + seq * 1000, seq));
		}
		// The collector's at-least-once: 50 entries sent a second time.
		for (long seq = 1; seq <= 50; seq++) {
			commands.xadd(STREAM, CollectorEntriesFixture.hopLatency("node-c", seq, T0 + seq * 1000, seq));
		}
		// replica-a reads the whole batch and dies before acknowledging any of it.
		List<StreamMessage<String, String>> taken = commands.xreadgroup(Consumer.from("backend", "replica-a"),
				XReadArgs.Builder.count(10_000), XReadArgs.StreamOffset.lastConsumed(STREAM));
		assertThat(taken).hasSize(550);
		assertThat(commands.xpending(STREAM, "backend").getCount()).isEqualTo(550);

		try (ConfigurableApplicationContext replicaB = start("replica-b", "1s")) {
			await().atMost(Duration.ofSeconds(30)).until(() -> commands.xpending(STREAM, "backend").getCount() == 0);
			IngestStatistics statistics = replicaB.getBean(IngestStatistics.class);
			assertThat(statistics.claimed()).isEqualTo(550);
			assertThat(statistics.stored()).isEqualTo(550);
			assertStoredOnce(replicaB, "xdp:node-c/eth0", 500);
		}

		// replica-b, stopped, is started again after it had read 100 more
		// without acknowledging them (claim-idle is long: only its own pending
		// list can save them).
		for (long seq = 501; seq <= 600; seq++) {
			commands.xadd(STREAM, CollectorEntriesFixture.hopLatency("node-c", seq, T0 + seq * 1000, seq));
		}
		assertThat(commands.xreadgroup(Consumer.from("backend", "replica-b"), XReadArgs.Builder.count(10_000),
				XReadArgs.StreamOffset.lastConsumed(STREAM)))
			.hasSize(100);
		try (ConfigurableApplicationContext restarted = start("replica-b", "1h")) {
			await().atMost(Duration.ofSeconds(30)).until(() -> commands.xpending(STREAM, "backend").getCount() == 0);
			assertThat(restarted.getBean(IngestStatistics.class).claimed()).isZero();
			assertStoredOnce(restarted, "xdp:node-c/eth0", 600);
		}
	}

	private static void assertStoredOnce(ConfigurableApplicationContext backend, String source, long expected) {
		TimeSeriesSql sql = backend.getBean(TimeSeriesSql.class);
		String count = "SELECT count() AS rows, count_distinct(origin) AS origins FROM events WHERE source = ?";
		await().atMost(Duration.ofSeconds(30))
			.until(() -> ((Number) sql.select(count, source).get(0).get("rows")).longValue() >= expected);
		// Give QuestDB's write-ahead log time to apply anything doubled,
		// then count again.
		try {
			Thread.sleep(1500);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		Map<String, Object> row = sql.select(count, source).get(0);
		assertThat(((Number) row.get("rows")).longValue()).isEqualTo(expected);
		assertThat(((Number) row.get("origins")).longValue()).isEqualTo(expected);
	}

	private static ConfigurableApplicationContext start(String consumer, String claimIdle) {
		return new SpringApplicationBuilder(SondeApplication.class).run("--server.port=0",
				"--spring.data.redis.port=" + redis.port(), "--sonde.ingest.consumer=" + consumer,
				"--sonde.ingest.claim-idle=" + claimIdle, "--sonde.ingest.claim-interval=1s",
				// One QuestDB for both starts, as a restarted replica would have.
				"--sonde.timeseries.questdb.data-dir=target/test-questdb/crash-" + ProcessHandle.current().pid());
	}

}
