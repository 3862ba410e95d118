package io.sonde.topology;

import java.time.Instant;
import java.util.Objects;

/**
 * The topology the catalog holds, with where it came from and when.
 *
 * @param topology the network
 * @param source where it was imported from: a file path, or who posted it to the API
 * @param importedAt when it was imported
 */
public record ImportedTopology(Topology topology, String source, Instant importedAt) {

	public ImportedTopology {
		Objects.requireNonNull(topology, "topology");
		Objects.requireNonNull(source, "source");
		Objects.requireNonNull(importedAt, "importedAt");
	}

}
