package io.sonde.intconfig;

import java.util.List;

import io.sonde.switches.EntityChange;

/**
 * What applying a configuration would change: per switch, the P4Runtime updates from the
 * entities the current version wants to the ones the new one wants.
 *
 * @param baseVersion the version compared with; 0 if none
 * @param switches switches with at least one change
 */
public record IntConfigPlan(long baseVersion, List<SwitchChanges> switches) {

	public IntConfigPlan {
		switches = List.copyOf(switches);
	}

	public int updateCount() {
		return this.switches.stream().mapToInt((changes) -> changes.updates().size()).sum();
	}

	/** One switch's updates. */
	public record SwitchChanges(String switchName, List<EntityChange> updates) {

		public SwitchChanges {
			updates = List.copyOf(updates);
		}

	}

}
