package io.sonde.labeling.coverage;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the coverage meter reads from the rest of the backend. */
interface CoverageSources {

	/** Ti in milliseconds: the labeling parameters' {@code telemetryIntervalMs}. */
	int telemetryIntervalMs();

	/**
	 * The switches Sonde is connected to (primary or backup), whose counters it can read.
	 */
	List<String> connectedSwitches();

	/**
	 * The ports the imported topology cables, by switch; a switch not listed is not in a
	 * topology (then every port of it counts).
	 */
	Map<String, Set<Integer>> cabledPorts();

	/** Reads a switch's counters now. */
	CounterSnapshot read(String switchName);

}
