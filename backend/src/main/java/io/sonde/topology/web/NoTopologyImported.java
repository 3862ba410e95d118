package io.sonde.topology.web;

/** The topology was asked for before any was imported. */
class NoTopologyImported extends RuntimeException {

	NoTopologyImported() {
		super("No topology has been imported yet: POST a sonde-topology document to /api/v1/topology, "
				+ "or start Sonde with sonde.topology.import-file.");
	}

}
