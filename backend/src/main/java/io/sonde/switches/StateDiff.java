package io.sonde.switches;

import java.time.Instant;
import java.util.List;

/**
 * Expected vs installed on one switch, entry by entry.
 *
 * @param switchName the switch
 * @param at when the switch was read
 * @param expected entities Sonde wants there
 * @param matching of those, how many the switch holds exactly as wanted
 * @param changes what differs, as the updates that would repair it
 */
public record StateDiff(String switchName, Instant at, int expected, int matching, List<EntityChange> changes) {

	public StateDiff {
		changes = List.copyOf(changes);
	}

	public boolean inSync() {
		return this.changes.isEmpty();
	}

}
