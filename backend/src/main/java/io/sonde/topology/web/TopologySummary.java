package io.sonde.topology.web;

import java.time.Instant;

import io.sonde.topology.ImportedTopology;

/**
 * What an import answers: what was imported, from where and when.
 *
 * @param name the topology's name
 * @param switches how many switches it has
 * @param hosts how many hosts
 * @param links how many links
 * @param source who or what imported it
 * @param importedAt when
 */
public record TopologySummary(String name, int switches, int hosts, int links, String source, Instant importedAt) {

	static TopologySummary of(ImportedTopology imported) {
		return new TopologySummary(imported.topology().name(), imported.topology().switches().size(),
				imported.topology().hosts().size(), imported.topology().links().size(), imported.source(),
				imported.importedAt());
	}

}
