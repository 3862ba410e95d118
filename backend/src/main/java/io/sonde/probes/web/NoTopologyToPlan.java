package io.sonde.probes.web;

/** A plan was asked for before any topology was imported. */
class NoTopologyToPlan extends RuntimeException {

	NoTopologyToPlan() {
		super("no topology has been imported yet: POST /api/v1/topology, or start with sonde.topology.import-file");
	}

}
