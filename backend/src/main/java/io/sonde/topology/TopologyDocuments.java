package io.sonde.topology;

import io.sonde.topology.internal.TopologyDocumentReader;

/**
 * Reads {@code sonde-topology} v1 documents without the topology module's beans, for
 * tools that plan over a file (the {@code sonde-probes} command) rather than import it.
 */
public final class TopologyDocuments {

	private TopologyDocuments() {
	}

	/**
	 * The topology a document describes, checked as an import checks it except that a
	 * switch may leave its P4Runtime port out: a plan dials no switch.
	 * @throws TopologyRejected naming the JSON path of the first problem
	 */
	public static Topology readForPlanning(String document) {
		return new TopologyDocumentReader(false).read(document);
	}

}
