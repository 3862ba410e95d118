package io.sonde.store.internal.migration;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.store.internal.questdb.SqlExecutor;

/**
 * Applies db-migrations/questdb/*.sql and records them in {@code sonde_schema_history}.
 * That table is neither partitioned nor WAL, so a record is visible the moment it is
 * written.
 */
class QuestDbMigrationTarget implements MigrationTarget {

	static final String HISTORY_TABLE = "sonde_schema_history";

	private final SqlExecutor sql;

	QuestDbMigrationTarget(SqlExecutor sql) {
		this.sql = sql;
	}

	@Override
	public String folder() {
		return "questdb";
	}

	@Override
	public Map<Integer, String> applied() {
		this.sql.execute("CREATE TABLE IF NOT EXISTS " + HISTORY_TABLE
				+ " (version INT, description VARCHAR, checksum VARCHAR, applied_at TIMESTAMP)");
		Map<Integer, String> applied = new LinkedHashMap<>();
		for (Map<String, Object> row : this.sql.query("SELECT version, checksum FROM " + HISTORY_TABLE)) {
			applied.put(((Number) row.get("version")).intValue(), (String) row.get("checksum"));
		}
		return applied;
	}

	@Override
	public void apply(Migration migration) {
		for (String statement : statements(migration.script())) {
			this.sql.execute(statement);
		}
	}

	@Override
	public void record(Migration migration, Instant appliedAt) {
		this.sql.update("INSERT INTO " + HISTORY_TABLE + " VALUES (?, ?, ?, ?)", migration.version(),
				migration.description(), migration.checksum(),
				Timestamp.valueOf(LocalDateTime.ofInstant(appliedAt, ZoneOffset.UTC)));
	}

	/**
	 * Statements end with a semicolon at the end of a line; lines starting with -- are
	 * comments.
	 */
	static List<String> statements(String script) {
		String withoutComments = script.lines()
			.filter((line) -> !line.strip().startsWith("--"))
			.reduce("", (all, line) -> all + line + "\n");
		return Arrays.stream(withoutComments.split(";\\s*(\\n|$)"))
			.map(String::strip)
			.filter((s) -> !s.isEmpty())
			.toList();
	}

}
