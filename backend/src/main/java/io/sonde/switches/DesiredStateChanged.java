package io.sonde.switches;

import java.util.Set;

/**
 * Published by a {@link DesiredStateContributor} whose entities changed; the named
 * switches (all registered switches if empty) are reconciled.
 */
public record DesiredStateChanged(String reason, Set<String> switchNames) {

	public DesiredStateChanged {
		switchNames = Set.copyOf(switchNames);
	}

}
