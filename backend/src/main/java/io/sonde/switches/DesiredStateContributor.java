package io.sonde.switches;

import java.util.List;

import p4.v1.Entity;

/**
 * A source of the entities Sonde keeps on switches (routes from the topology, INT
 * configuration, ...). The switches module asks every contributor bean on each
 * reconciliation and writes the union; a contributor announces a change with
 * {@link DesiredStateChanged}.
 */
public interface DesiredStateContributor {

	/** For people: which part of the desired state this is, e.g. {@code routes}. */
	String name();

	/**
	 * The entities {@code device} should hold: table entries, register cells and
	 * packet-replication entries of sonde.p4. Empty if this contributor has nothing for
	 * it.
	 */
	List<Entity> entitiesFor(SwitchDevice device);

}
