package io.sonde.topology.internal;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The start-up import's own decisions; importing a file into a running backend is in
 * TopologyRestartIntegrationTests.
 */
class TopologyFileImportTests {

	@TempDir
	Path folder;

	@Test
	void doesNothingWhenNoFileIsConfigured() {
		// No catalog at all: nothing may be imported.
		assertThatNoException().isThrownBy(() -> new TopologyFileImport(null, null).run(null));
	}

	@Test
	void stopsTheStartNamingAFileThatCannotBeRead() {
		Path missing = this.folder.resolve("missing.json");

		assertThatIllegalStateException().isThrownBy(() -> new TopologyFileImport(null, missing).run(null))
			.withMessageStartingWith("sonde.topology.import-file " + missing + " cannot be read");
	}

}
