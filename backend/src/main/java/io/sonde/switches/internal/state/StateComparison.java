package io.sonde.switches.internal.state;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.switches.EntityChange;
import io.sonde.switches.StateDiff;
import p4.v1.Entity;
import p4.v1.Update;

/**
 * Desired against installed, entity by entity: what is missing is inserted, what differs
 * is modified, what Sonde manages but does not want is deleted. Register cells and clone
 * sessions that exist on every switch are modified, never inserted.
 */
public final class StateComparison {

	private final List<EntityChange> changes = new ArrayList<>();

	private final List<Update> repairs = new ArrayList<>();

	private final int expected;

	private final int matching;

	private StateComparison(EntityText text, List<Entity> desired, List<Entity> installed) {
		Map<EntityKey, Entity> want = index(desired);
		Map<EntityKey, Entity> have = index(installed);
		List<Update> deletes = new ArrayList<>();
		List<Update> writes = new ArrayList<>();
		int same = 0;
		for (Map.Entry<EntityKey, Entity> wanted : want.entrySet()) {
			Entity target = wanted.getValue();
			Entity present = have.get(wanted.getKey());
			if (present == null && !wanted.getKey().kind().equals("register")) {
				this.changes.add(new EntityChange("INSERT", text.identity(target), text.content(target), null));
				writes.add(update(Update.Type.INSERT, target));
			}
			else if (present == null
					|| !CanonicalEntities.canonical(present).equals(CanonicalEntities.canonical(target))) {
				this.changes.add(new EntityChange("MODIFY", text.identity(target), text.content(target),
						(present != null) ? text.content(present) : "(not read)"));
				writes.add(update(Update.Type.MODIFY, target));
			}
			else {
				same++;
			}
		}
		for (Map.Entry<EntityKey, Entity> held : have.entrySet()) {
			if (!want.containsKey(held.getKey()) && !held.getKey().kind().equals("register")) {
				this.changes.add(new EntityChange("DELETE", text.identity(held.getValue()), null,
						text.content(held.getValue())));
				deletes.add(update(Update.Type.DELETE, held.getValue()));
			}
		}
		// Deletes first: an unwanted entry may hold a key a wanted one needs.
		this.repairs.addAll(deletes);
		this.repairs.addAll(writes);
		this.expected = want.size();
		this.matching = same;
	}

	/**
	 * @param desired what Sonde wants, in write order
	 * @param installed what the switch returned for the managed tables, the desired
	 * register cells and the clone sessions
	 */
	public static StateComparison of(EntityText text, List<Entity> desired, List<Entity> installed) {
		return new StateComparison(text, desired, installed);
	}

	public StateDiff diff(String switchName, Instant at) {
		return new StateDiff(switchName, at, this.expected, this.matching, this.changes);
	}

	/** The updates that make the switch hold the desired state, one per change. */
	public List<Update> repairs() {
		return List.copyOf(this.repairs);
	}

	/** The change each repair makes, in the order of {@link #repairs()}. */
	public List<EntityChange> changesInRepairOrder() {
		List<EntityChange> ordered = new ArrayList<>();
		this.changes.stream().filter((change) -> change.update().equals("DELETE")).forEach(ordered::add);
		this.changes.stream().filter((change) -> !change.update().equals("DELETE")).forEach(ordered::add);
		return ordered;
	}

	public int expected() {
		return this.expected;
	}

	private static Map<EntityKey, Entity> index(List<Entity> entities) {
		Map<EntityKey, Entity> indexed = new LinkedHashMap<>();
		for (Entity entity : entities) {
			indexed.put(CanonicalEntities.key(entity), entity);
		}
		return indexed;
	}

	private static Update update(Update.Type type, Entity entity) {
		Entity target = entity;
		if (type == Update.Type.DELETE && entity.hasTableEntry()) {
			// A delete names the key; the switch may refuse read-side fields.
			target = Entity.newBuilder()
				.setTableEntry(entity.getTableEntry().toBuilder().clearCounterData().clearMeterConfig().clearAction())
				.build();
		}
		return Update.newBuilder().setType(type).setEntity(target).build();
	}

}
