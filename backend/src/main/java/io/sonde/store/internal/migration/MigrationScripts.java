package io.sonde.store.internal.migration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/** Finds the migration files of one store on the classpath, ordered by version. */
final class MigrationScripts {

	private MigrationScripts() {
	}

	static List<Migration> load(String location, String folder) {
		String pattern = location + "/" + folder + "/V*__*.*";
		try {
			Resource[] resources = new PathMatchingResourcePatternResolver().getResources(pattern);
			List<Migration> migrations = new ArrayList<>();
			for (Resource resource : resources) {
				String script = resource.getContentAsString(StandardCharsets.UTF_8);
				migrations.add(Migration.parse(resource.getFilename(), script));
			}
			migrations.sort(Comparator.comparingInt(Migration::version));
			requireUniqueVersions(folder, migrations);
			return migrations;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read migrations " + pattern, ex);
		}
	}

	private static void requireUniqueVersions(String folder, List<Migration> migrations) {
		for (int i = 1; i < migrations.size(); i++) {
			if (migrations.get(i).version() == migrations.get(i - 1).version()) {
				throw new IllegalStateException(
						"db-migrations/" + folder + " has two files for version " + migrations.get(i).version());
			}
		}
	}

}
