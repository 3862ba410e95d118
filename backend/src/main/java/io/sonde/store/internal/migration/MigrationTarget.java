package io.sonde.store.internal.migration;

import java.time.Instant;
import java.util.Map;

/**
 * A store that versioned schema files are applied to, and where it records what it
 * applied.
 */
interface MigrationTarget {

	/** The folder under db-migrations/ holding this store's files. */
	String folder();

	/** Versions already applied, with the checksum recorded for each. */
	Map<Integer, String> applied();

	/** Runs one migration's script. */
	void apply(Migration migration);

	/** Records that a migration was applied. */
	void record(Migration migration, Instant appliedAt);

}
