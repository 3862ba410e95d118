package io.sonde.store;

import java.util.List;
import java.util.Map;

import io.sonde.store.questdb.TimeSeriesSql;
import io.sonde.testsupport.RedisServerOfTheContext;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded QuestDB runs with Sonde's WAL segment sizes and worker back-off, and a
 * property given under {@code sonde.timeseries.questdb.server} reaches it by its QuestDB
 * name, replacing Sonde's value of the same name.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "sonde.timeseries.questdb.server.cairo.o3.partition.split.min.size=4194304",
				"sonde.timeseries.questdb.server.cairo.wal.segment.rollover.row.count=500000" })
// Its own Redis, so no other test JVM's backend shares its streams.
@Import(RedisServerOfTheContext.class)
class EmbeddedQuestDbSettingsIntegrationTests {

	@Autowired
	TimeSeriesSql sql;

	@Test
	void serverPropertiesReachQuestDb() {
		assertThat(parameter("cairo.o3.partition.split.min.size")).isEqualTo("4194304");
		assertThat(parameter("cairo.wal.segment.rollover.row.count")).isEqualTo("500000");
		assertThat(parameter("cairo.wal.segment.rollover.size")).isEqualTo(Long.toString(128L << 20));
	}

	@Test
	void idleWorkersNapAfterAShortSpin() {
		for (String pool : List.of("wal.apply.worker", "shared.worker")) {
			assertThat(parameter(pool + ".yield.threshold")).as(pool).isEqualTo("10");
			assertThat(parameter(pool + ".nap.threshold")).as(pool).isEqualTo("20");
			assertThat(parameter(pool + ".sleep.threshold")).as(pool).isEqualTo("1000");
		}
	}

	private String parameter(String name) {
		List<Map<String, Object>> rows = this.sql.select("SHOW PARAMETERS");
		return rows.stream()
			.filter((row) -> name.equals(row.get("property_path")))
			.map((row) -> String.valueOf(row.get("value")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("QuestDB has no parameter " + name));
	}

}
