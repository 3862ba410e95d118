package io.sonde.switches;

import java.util.List;

import io.sonde.p4programs.SondePipeline;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.state.StateComparison;
import p4.v1.Entity;

/**
 * The P4Runtime updates that turn one set of sonde.p4 entities into another, as a switch
 * holding {@code before} would receive them: for dry runs of desired-state changes.
 */
public final class EntityChanges {

	private static final EntityText TEXT = new EntityText(SondePipeline.p4Info());

	private EntityChanges() {
	}

	public static List<EntityChange> between(List<Entity> before, List<Entity> after) {
		return StateComparison.of(TEXT, after, before).changesInRepairOrder();
	}

}
