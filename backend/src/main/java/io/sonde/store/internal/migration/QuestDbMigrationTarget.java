package io.sonde.store.internal.migration;

import java.sql.Timestamp;
import java.time.Duration;
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

	/** How long a migration waits for QuestDB to apply what its WALs hold. */
	private static final Duration WAL_APPLY_WAIT = Duration.ofSeconds(60);

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
			// A statement may copy a table (V4): rows committed to a WAL but not applied
			// yet would not be read, and would be dropped with the old table.
			awaitWalApplied();
			this.sql.execute(statement);
		}
	}

	/** Returns once QuestDB has applied every WAL table's committed transactions. */
	private void awaitWalApplied() {
		long deadline = System.nanoTime() + WAL_APPLY_WAIT.toNanos();
		while (true) {
			List<Map<String, Object>> behind = this.sql
				.query("SELECT name, suspended FROM wal_tables() WHERE writerTxn < sequencerTxn");
			if (behind.isEmpty()) {
				return;
			}
			for (Map<String, Object> table : behind) {
				if (Boolean.TRUE.equals(table.get("suspended"))) {
					throw new IllegalStateException("QuestDB table '" + table.get("name")
							+ "' is suspended (its WAL cannot be applied): see QuestDB's log, then ALTER TABLE "
							+ table.get("name") + " RESUME WAL");
				}
			}
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("QuestDB has not applied the WAL of "
						+ behind.stream().map((table) -> table.get("name")).toList() + " within " + WAL_APPLY_WAIT);
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted while waiting for QuestDB's WAL apply", ex);
			}
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
