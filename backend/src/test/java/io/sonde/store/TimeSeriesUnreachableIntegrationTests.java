package io.sonde.store;

import java.io.IOException;
import java.net.ServerSocket;

import io.sonde.store.internal.migration.SchemaMigrations;
import io.sonde.testsupport.RedisServerOfTheContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A remote QuestDB that is not there: the service still starts, health says why the
 * time-series store is DOWN, and the QuestDB migrations wait as pending.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
// Its own Redis, so no other test JVM's backend shares its streams.
@Import(RedisServerOfTheContext.class)
class TimeSeriesUnreachableIntegrationTests {

	@DynamicPropertySource
	static void questDbNobodyListensOn(DynamicPropertyRegistry registry) {
		int closedPort = closedPort();
		registry.add("sonde.timeseries.questdb.embedded", () -> "false");
		registry.add("sonde.timeseries.questdb.http-port", () -> closedPort);
		registry.add("sonde.timeseries.questdb.pg-port", () -> closedPort);
		registry.add("sonde.timeseries.write-timeout", () -> "1s");
	}

	@Autowired
	HealthEndpoint health;

	@Autowired
	SchemaMigrations migrations;

	@Test
	void startsAndReportsTheTimeSeriesStoreDownWithItsReason() {
		Health timeseries = (Health) this.health.healthForPath("timeseries");

		assertThat(timeseries.getStatus()).isEqualTo(Status.DOWN);
		assertThat(String.valueOf(timeseries.getDetails().get("error"))).contains("QuestDB");
		assertThat(this.health.health().getStatus()).isEqualTo(Status.DOWN);
	}

	@Test
	void keepsTheQuestDbMigrationsPendingWithTheReason() {
		SchemaMigrations.SchemaStatus questdb = this.migrations.status().get("questdb");

		assertThat(questdb.pending()).contains(1);
		assertThat(questdb.problem()).isNotBlank();
		assertThat(this.migrations.status().get("redis").complete()).isTrue();
		assertThat(this.health.healthForPath("schema").getStatus()).isEqualTo(Status.DOWN);
	}

	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
