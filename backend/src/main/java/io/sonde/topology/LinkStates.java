package io.sonde.topology;

import java.util.Set;

/**
 * Which links of the current topology are down now, as far as Sonde knows. Changes are
 * announced with {@link LinkStateChanged}. Where nothing reports link state (no
 * {@code sonde.topology.link-status-url}), every link counts as up.
 */
public interface LinkStates {

	/** The links known to be down; empty when all are up or nothing reports. */
	Set<TopologyLink> down();

}
