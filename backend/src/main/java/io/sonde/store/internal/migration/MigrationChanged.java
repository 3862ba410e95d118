package io.sonde.store.internal.migration;

/**
 * A migration that was already applied has a different checksum now: someone edited a
 * released schema file. Schema changes belong in a new version; the service refuses to
 * guess.
 */
class MigrationChanged extends IllegalStateException {

	MigrationChanged(String folder, Migration migration, String recordedChecksum) {
		super("db-migrations/" + folder + "/" + migration.label() + " was applied with checksum " + recordedChecksum
				+ " but the file now has " + migration.checksum()
				+ "; add a new version instead of editing an applied one");
	}

}
