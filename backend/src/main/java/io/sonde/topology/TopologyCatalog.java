package io.sonde.topology;

import java.util.Optional;

/**
 * The topology Sonde manages: the one last imported, kept in Redis across restarts.
 */
public interface TopologyCatalog {

	/** The current topology; empty until one is imported. */
	Optional<ImportedTopology> current();

	/**
	 * Checks a {@code sonde-topology} v1 document, stores it and makes it current, then
	 * publishes {@link TopologyImported}.
	 * @param document the JSON text
	 * @param source where it comes from, for people (a file, or who posted it)
	 * @throws TopologyRejected naming the field of the first problem; nothing changes
	 * @throws TopologyNotStored if Redis did not take it; nothing changes
	 */
	ImportedTopology importDocument(String document, String source);

	/**
	 * {@code topology} as a {@code sonde-topology} v1 document with every field explicit:
	 * what {@link #importDocument} accepts back.
	 */
	String document(Topology topology);

}
