package io.sonde.store.internal.migration;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class MigrationFilesTests {

	@Test
	void parsesVersionAndDescriptionFromTheFileName() {
		Migration migration = Migration.parse("V12__add_port_tables.sql", "SELECT 1;");

		assertThat(migration.version()).isEqualTo(12);
		assertThat(migration.description()).isEqualTo("add port tables");
		assertThat(migration.checksum()).hasSize(64);
	}

	@Test
	void checksumChangesWhenTheScriptChanges() {
		assertThat(Migration.parse("V1__a.sql", "SELECT 1;").checksum())
			.isNotEqualTo(Migration.parse("V1__a.sql", "SELECT 2;").checksum());
	}

	@Test
	void rejectsAFileNameWithoutVersion() {
		assertThatIllegalStateException().isThrownBy(() -> Migration.parse("tables.sql", ""))
			.withMessageContaining("V1__what_it_does.sql");
	}

	@Test
	void splitsSqlOnSemicolonsAtLineEndsAndDropsComments() {
		String script = """
				-- a comment; with a semicolon
				CREATE TABLE a (x INT,
				  y INT);
				CREATE TABLE b (s VARCHAR);
				""";

		assertThat(QuestDbMigrationTarget.statements(script)).containsExactly("CREATE TABLE a (x INT,\n  y INT)",
				"CREATE TABLE b (s VARCHAR)");
	}

	@Test
	void splitsRedisScriptsIntoCommandsAndSkipsComments() {
		String script = """
				# streams
				XGROUP CREATE sonde:stream:events backend $ MKSTREAM

				SET sonde:x   1
				""";

		assertThat(RedisMigrationTarget.commands(script)).containsExactly(
				List.of("XGROUP", "CREATE", "sonde:stream:events", "backend", "$", "MKSTREAM"),
				List.of("SET", "sonde:x", "1"));
	}

	@Test
	void shipsTheRepositoryMigrationsOnTheClasspathInVersionOrder() {
		List<Migration> questdb = MigrationScripts.load("classpath*:db-migrations", "questdb");
		List<Migration> redis = MigrationScripts.load("classpath*:db-migrations", "redis");

		assertThat(questdb).isNotEmpty().extracting(Migration::version).isSorted().startsWith(1);
		assertThat(redis).isNotEmpty().extracting(Migration::version).isSorted().startsWith(1);
	}

}
