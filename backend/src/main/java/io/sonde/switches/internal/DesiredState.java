package io.sonde.switches.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.sonde.store.RedisContinuity;
import io.sonde.store.RedisDataLoss;
import io.sonde.switches.DesiredStateContributor;
import io.sonde.switches.SwitchDevice;
import p4.v1.Entity;

/**
 * The union of every contributor's entities for one switch, in contributor order.
 * <p>
 * Contributors read Redis (the INT configuration, the topology). While Redis has lost its
 * data and nobody has acknowledged it, what they would answer is whatever survived the
 * loss, and a reconciliation would remove the rest from the switches: so the desired
 * state is held at what it was last computed before the loss, until the acknowledgement.
 * A switch with nothing computed before cannot be reconciled meanwhile
 * ({@link DesiredStateHeld}).
 */
public class DesiredState {

	private final Supplier<List<DesiredStateContributor>> contributors;

	private final RedisContinuity continuity;

	private final Map<String, List<Entity>> lastComputed = new ConcurrentHashMap<>();

	/**
	 * @param continuity whether Redis still holds Sonde's data; null never holds (tools,
	 * tests without Redis)
	 */
	public DesiredState(Supplier<List<DesiredStateContributor>> contributors, RedisContinuity continuity) {
		this.contributors = contributors;
		this.continuity = continuity;
	}

	/**
	 * @throws DesiredStateHeld while Redis's data loss is unacknowledged and nothing was
	 * computed for this switch before
	 */
	public List<Entity> entitiesFor(SwitchDevice device) {
		Optional<RedisDataLoss> loss = (this.continuity != null) ? this.continuity.checkNow() : Optional.empty();
		if (loss.isPresent()) {
			List<Entity> held = this.lastComputed.get(device.name());
			if (held == null) {
				throw new DesiredStateHeld(device.name(), loss.get());
			}
			return held;
		}
		List<Entity> all = new ArrayList<>();
		this.contributors.get().forEach((contributor) -> all.addAll(contributor.entitiesFor(device)));
		this.lastComputed.put(device.name(), List.copyOf(all));
		return all;
	}

	public List<String> contributorNames() {
		return this.contributors.get().stream().map(DesiredStateContributor::name).toList();
	}

}
