package io.sonde.store.internal.migration;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.sonde.SondeApplication;
import io.sonde.store.internal.questdb.SqlExecutor;
import io.sonde.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The whole backend started twice on the same QuestDB data directory and the same Redis:
 * the first start applies db-migrations, the second applies nothing and leaves the
 * records alone; or applies only what was added since the first (V4's copy of the event
 * log).
 */
class SchemaMigrationsIntegrationTests {

	/** Made by V1, never written or read, dropped by V5. */
	private static final List<Object> UNUSED_V1_TABLES = List.of("int_hop_metrics", "port_metrics", "telemetry_events",
			"collector_stats");

	static RedisServerProcess redis;

	@TempDir
	Path questDbDir;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.start();
	}

	/**
	 * Each test starts from empty stores: a new data directory and a Redis without data.
	 */
	@BeforeEach
	void emptyRedis() {
		redis.stop();
		redis.restart();
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@Test
	void appliesPendingMigrationsOnceAndNothingOnTheSecondStart() {
		List<Map<String, Object>> historyAfterFirstStart;
		try (ConfigurableApplicationContext first = startBackend()) {
			SchemaMigrations migrations = first.getBean(SchemaMigrations.class);
			assertThat(migrations.complete()).isTrue();
			assertThat(migrations.status().get("questdb").applied()).contains(1);
			assertThat(migrations.status().get("redis").applied()).contains(1);

			historyAfterFirstStart = history(first);
			assertThat(historyAfterFirstStart).extracting((row) -> row.get("version")).contains(1);
			assertThat(migrations.status().get("questdb").applied()).contains(5);
			assertThat(tables(first)).contains("events", "int_metrics").doesNotContainAnyElementsOf(UNUSED_V1_TABLES);
			StringRedisTemplate template = first.getBean(StringRedisTemplate.class);
			assertThat(template.opsForValue().get(RedisMigrationTarget.VERSION_KEY)).isNotNull();
			assertThat(template.opsForStream().groups("sonde:stream:events"))
				.anySatisfy((group) -> assertThat(group.groupName()).isEqualTo("backend"));

			assertThat(migrations.migrate()).as("a second run in the same process").isZero();
		}

		try (ConfigurableApplicationContext second = startBackend()) {
			SchemaMigrations migrations = second.getBean(SchemaMigrations.class);
			assertThat(migrations.complete()).isTrue();
			assertThat(migrations.migrate()).isZero();
			assertThat(history(second)).as("no migration recorded twice, none re-applied")
				.isEqualTo(historyAfterFirstStart);
		}
	}

	/**
	 * A new store holds the tables the code writes and reads, and no other: the event
	 * log, the metrics exporter's series, the labeling coverage, the NIC agents' flows
	 * and histograms, and the record of migrations.
	 */
	@Test
	void aFreshStoreHasExactlyTheTablesTheCodeUses() {
		try (ConfigurableApplicationContext context = startBackend()) {
			assertThat(context.getBean(SchemaMigrations.class).complete()).isTrue();
			assertThat(tables(context)).containsExactlyInAnyOrder("events", "int_metrics", "labeling_coverage",
					"agent_flows", "agent_histograms", QuestDbMigrationTarget.HISTORY_TABLE);
		}
	}

	@Test
	void refusesToContinueWhenAnAppliedMigrationWasEdited() {
		try (ConfigurableApplicationContext context = startBackend()) {
			StringRedisTemplate template = context.getBean(StringRedisTemplate.class);
			Object original = template.opsForHash().get(RedisMigrationTarget.HISTORY_KEY, "1");
			template.opsForHash().put(RedisMigrationTarget.HISTORY_KEY, "1", "0000 2026-01-01T00:00:00Z edited");
			try {
				SchemaMigrations migrations = context.getBean(SchemaMigrations.class);

				assertThatExceptionOfType(MigrationChanged.class).isThrownBy(migrations::migrate)
					.withMessageContaining("V1")
					.withMessageContaining("add a new version");
				assertThat(migrations.complete()).isFalse();
			}
			finally {
				template.opsForHash().put(RedisMigrationTarget.HISTORY_KEY, "1", original);
			}
		}
	}

	/**
	 * V4 on a store that V1-V3 made: the events already stored are copied into the table
	 * of nanoseconds, with their times, and the table still deduplicates.
	 */
	@Test
	void eventsStoredInMicrosecondsSurviveTheMoveToNanoseconds(@TempDir Path migrations) throws IOException {
		copyMigrations(migrations, (name) -> !name.startsWith("V4__") && !name.startsWith("V5__"));
		try (ConfigurableApplicationContext before = startBackend("--sonde.migrations.location=file:" + migrations)) {
			SqlExecutor sql = before.getBean(SqlExecutor.class);
			assertThat(columnType(sql, "events", "ts")).isEqualTo("TIMESTAMP");
			sql.execute("INSERT INTO events (ts, origin, source, kind, metric, event_key, value) VALUES "
					+ "('2026-11-26T08:00:00.123456Z', 'xdp/n1/eth0/1/1', 'xdp:n1/eth0', 'NEW_KEY', "
					+ "'flow_latency', 'k1', 1.5), ('2026-11-26T08:00:01.000001Z', 'xdp/n1/eth0/1/2', "
					+ "'xdp:n1/eth0', 'CHANGE', 'flow_latency', 'k1', 2.5)");
			// Not awaited: the migration runner waits for the WAL itself
			// before it copies.
		}

		copyMigrations(migrations, (name) -> true);
		try (ConfigurableApplicationContext after = startBackend("--sonde.migrations.location=file:" + migrations)) {
			SqlExecutor sql = after.getBean(SqlExecutor.class);
			assertThat(after.getBean(SchemaMigrations.class).status().get("questdb").applied()).contains(4);
			assertThat(columnType(sql, "events", "ts")).isEqualTo("TIMESTAMP_NS");
			assertThat(sql.query("SELECT ts::long AS ns, origin, value FROM events ORDER BY ts")).containsExactly(
					Map.of("ns", 1795680000123456000L, "origin", "xdp/n1/eth0/1/1", "value", 1.5),
					Map.of("ns", 1795680001000001000L, "origin", "xdp/n1/eth0/1/2", "value", 2.5));
			assertThat(sql.query("SELECT dedup FROM tables() WHERE table_name = 'events'"))
				.containsExactly(Map.of("dedup", true));
			assertThat(tables(after)).doesNotContain("events_ns");
		}
	}

	/**
	 * V5 on a store that V1-V4 made: V1's tables that nothing used are gone, the event
	 * log and the metrics stay.
	 */
	@Test
	void unusedV1TablesAreDroppedFromAStoreThatHadThem(@TempDir Path migrations) throws IOException {
		copyMigrations(migrations, (name) -> !name.startsWith("V5__"));
		try (ConfigurableApplicationContext before = startBackend("--sonde.migrations.location=file:" + migrations)) {
			assertThat(tables(before)).containsAll(UNUSED_V1_TABLES);
		}

		copyMigrations(migrations, (name) -> true);
		try (ConfigurableApplicationContext after = startBackend("--sonde.migrations.location=file:" + migrations)) {
			assertThat(after.getBean(SchemaMigrations.class).status().get("questdb").applied()).contains(5);
			assertThat(tables(after)).contains("events", "int_metrics").doesNotContainAnyElementsOf(UNUSED_V1_TABLES);
		}
	}

	private static void copyMigrations(Path target, Predicate<String> included) throws IOException {
		for (Resource script : new PathMatchingResourcePatternResolver()
			.getResources("classpath*:db-migrations/*/V*__*.*")) {
			String folder = Path.of(script.getURI().getPath()).getParent().getFileName().toString();
			if (included.test(script.getFilename())) {
				Files.createDirectories(target.resolve(folder));
				try (InputStream in = script.getInputStream()) {
					Files.copy(in, target.resolve(folder).resolve(script.getFilename()),
							StandardCopyOption.REPLACE_EXISTING);
				}
			}
		}
	}

	private static String columnType(SqlExecutor sql, String table, String column) {
		return sql.query("SELECT type FROM table_columns('" + table + "') WHERE \"column\" = '" + column + "'")
			.get(0)
			.get("type")
			.toString();
	}

	private ConfigurableApplicationContext startBackend(String... more) {
		List<String> args = new ArrayList<>(List.of("--spring.data.redis.port=" + redis.port(),
				"--sonde.timeseries.questdb.data-dir=" + this.questDbDir, "--sonde.timeseries.questdb.http-port=0",
				"--sonde.timeseries.questdb.pg-port=0"));
		args.addAll(List.of(more));
		return new SpringApplicationBuilder(SondeApplication.class).web(WebApplicationType.NONE)
			.run(args.toArray(new String[0]));
	}

	private static List<Map<String, Object>> history(ConfigurableApplicationContext context) {
		return context.getBean(SqlExecutor.class)
			.query("SELECT version, checksum, applied_at FROM " + QuestDbMigrationTarget.HISTORY_TABLE
					+ " ORDER BY version");
	}

	private static List<Object> tables(ConfigurableApplicationContext context) {
		return context.getBean(SqlExecutor.class)
			.query("SELECT table_name FROM tables()")
			.stream()
			.map((row) -> row.get("table_name"))
			.toList();
	}

}
