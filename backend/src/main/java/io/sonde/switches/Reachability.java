package io.sonde.switches;

/** What the latest probe of a switch's P4Runtime endpoint found. */
public enum Reachability {

	/** In the topology, not probed yet. */
	NOT_CHECKED,

	/** Answered a Capabilities call within the probe's deadline. */
	REACHABLE,

	/** Did not answer, or answered with an error. */
	UNREACHABLE

}
