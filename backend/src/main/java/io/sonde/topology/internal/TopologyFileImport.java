package io.sonde.topology.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.sonde.topology.TopologyRejected;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;

/**
 * Imports {@code sonde.topology.import-file} once the service has started. A file that
 * cannot be read or imported stops the start with the reason: the operator asked for that
 * network, and a service quietly managing another one would be worse than none.
 */
class TopologyFileImport implements ApplicationRunner {

	private final StoredTopologyCatalog catalog;

	private final Path file;

	TopologyFileImport(StoredTopologyCatalog catalog, Path file) {
		this.catalog = catalog;
		this.file = file;
	}

	@Override
	public void run(ApplicationArguments arguments) {
		if (this.file == null) {
			return;
		}
		String document;
		try {
			document = Files.readString(this.file, StandardCharsets.UTF_8);
			if (YamlDocuments.isYamlFile(this.file.getFileName().toString())) {
				document = YamlDocuments.toJson(document);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"sonde.topology.import-file " + this.file + " cannot be read: " + ex.getMessage(), ex);
		}
		catch (TopologyRejected ex) {
			throw new IllegalStateException(
					"sonde.topology.import-file " + this.file + " was not imported: " + ex.getMessage(), ex);
		}
		try {
			this.catalog.importDocument(document, this.file.toAbsolutePath().toString(), false);
		}
		catch (TopologyRejected ex) {
			throw new IllegalStateException(
					"sonde.topology.import-file " + this.file + " was not imported: " + ex.getMessage(), ex);
		}
	}

}
