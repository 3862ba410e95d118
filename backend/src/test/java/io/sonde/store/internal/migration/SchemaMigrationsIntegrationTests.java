package io.sonde.store.internal.migration;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The whole backend started twice on the same QuestDB data directory and the same Redis:
 * the first start applies db-migrations, the second applies nothing and leaves the
 * records alone.
 */
class SchemaMigrationsIntegrationTests {

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
			assertThat(tables(first)).contains("int_hop_metrics", "port_metrics", "telemetry_events",
					"collector_stats");
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

	private ConfigurableApplicationContext startBackend() {
		return new SpringApplicationBuilder(SondeApplication.class).web(WebApplicationType.NONE)
			.run("--spring.data.redis.port=" + redis.port(), "--sonde.timeseries.questdb.data-dir=" + this.questDbDir,
					"--sonde.timeseries.questdb.http-port=0", "--sonde.timeseries.questdb.pg-port=0");
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
