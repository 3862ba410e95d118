package io.sonde.store.internal.migration;

import java.time.Clock;
import java.util.List;

import io.sonde.store.internal.questdb.SqlExecutor;

/**
 * The QuestDB schema alone, for benchmarks that run a time-series store without the
 * service.
 */
public final class QuestDbSchema {

	private QuestDbSchema() {
	}

	public static SchemaMigrations migrations(SqlExecutor questDb, String location, Clock clock) {
		return new SchemaMigrations(List.of(new QuestDbMigrationTarget(questDb)), location, clock);
	}

}
