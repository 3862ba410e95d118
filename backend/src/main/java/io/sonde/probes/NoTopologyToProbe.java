package io.sonde.probes;

/** A session was asked for before any topology was imported: there is nothing to plan. */
public class NoTopologyToProbe extends RuntimeException {

	public NoTopologyToProbe() {
		super("no topology has been imported yet: POST /api/v1/topology, or start with sonde.topology.import-file");
	}

}
