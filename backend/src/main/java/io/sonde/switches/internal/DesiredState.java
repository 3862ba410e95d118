package io.sonde.switches.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import p4.v1.Entity;

/** The union of every contributor's entities for one switch, in contributor order. */
public class DesiredState {

	private final Supplier<List<DesiredStateContributor>> contributors;

	public DesiredState(Supplier<List<DesiredStateContributor>> contributors) {
		this.contributors = contributors;
	}

	public List<Entity> entitiesFor(SwitchDevice device) {
		List<Entity> all = new ArrayList<>();
		this.contributors.get().forEach((contributor) -> all.addAll(contributor.entitiesFor(device)));
		return all;
	}

	public List<String> contributorNames() {
		return this.contributors.get().stream().map(DesiredStateContributor::name).toList();
	}

}
