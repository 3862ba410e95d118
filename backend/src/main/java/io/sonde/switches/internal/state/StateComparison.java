package io.sonde.switches.internal.state;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.sonde.switches.EntityChange;
import io.sonde.switches.StateDiff;
import p4.v1.Entity;
import p4.v1.Update;

/**
 * Desired against installed, entity by entity: what is missing is inserted, what differs
 * is modified, what Sonde manages but does not want is deleted. Register cells and the
 * default entries of tables exist on every switch: they are modified, never inserted or
 * deleted.
 * <p>
 * Repairs come in phases, each to be written in Writes of its own, because a switch may
 * apply the updates of one Write in any order (P4Runtime §12.2) and action profile
 * members, groups and table entries refer to one another (§9.2): unwanted table entries
 * and clone sessions go first (an unwanted entry may hold a key a wanted one needs), then
 * members are written, then the groups listing them, then table entries (which may name
 * those groups), registers and clone sessions, then unwanted groups go, then unwanted
 * members.
 */
public final class StateComparison {

	/** The phases of a repair, in the order they are written. */
	private enum Phase {

		DELETE_ENTRIES, WRITE_MEMBERS, WRITE_GROUPS, WRITE_ENTRIES, DELETE_GROUPS, DELETE_MEMBERS;

		static Phase of(String kind, boolean delete) {
			return switch (kind) {
				case CanonicalEntities.MEMBER -> delete ? DELETE_MEMBERS : WRITE_MEMBERS;
				case CanonicalEntities.GROUP -> delete ? DELETE_GROUPS : WRITE_GROUPS;
				default -> delete ? DELETE_ENTRIES : WRITE_ENTRIES;
			};
		}

	}

	/** One update of a repair and the change it makes. */
	public record Repair(Update update, EntityChange change) {
	}

	private final List<EntityChange> changes = new ArrayList<>();

	private final Map<Phase, List<Repair>> phases = new EnumMap<>(Phase.class);

	private final int expected;

	private final int matching;

	private StateComparison(EntityText text, List<Entity> desired, List<Entity> installed) {
		Map<EntityKey, Entity> want = index(desired);
		Map<EntityKey, Entity> have = index(installed);
		int same = 0;
		for (Map.Entry<EntityKey, Entity> wanted : want.entrySet()) {
			Entity target = wanted.getValue();
			Entity present = have.get(wanted.getKey());
			String kind = wanted.getKey().kind();
			if (present == null && !CanonicalEntities.alwaysPresent(kind)) {
				add(kind, update(Update.Type.INSERT, target),
						new EntityChange("INSERT", text.identity(target), text.content(target), null));
			}
			else if (present == null
					|| !CanonicalEntities.canonical(present).equals(CanonicalEntities.canonical(target))) {
				add(kind, update(Update.Type.MODIFY, target), new EntityChange("MODIFY", text.identity(target),
						text.content(target), (present != null) ? text.content(present) : "(not read)"));
			}
			else {
				same++;
			}
		}
		for (Map.Entry<EntityKey, Entity> held : have.entrySet()) {
			if (!want.containsKey(held.getKey()) && !CanonicalEntities.alwaysPresent(held.getKey().kind())) {
				add(held.getKey().kind(), update(Update.Type.DELETE, held.getValue()), new EntityChange("DELETE",
						text.identity(held.getValue()), null, text.content(held.getValue())));
			}
		}
		this.expected = want.size();
		this.matching = same;
	}

	/**
	 * @param desired what Sonde wants, in write order
	 * @param installed what the switch returned for the managed tables, the default
	 * entries of the keyless tables, the desired register cells and the clone sessions
	 */
	public static StateComparison of(EntityText text, List<Entity> desired, List<Entity> installed) {
		return new StateComparison(text, desired, installed);
	}

	public StateDiff diff(String switchName, Instant at) {
		return new StateDiff(switchName, at, this.expected, this.matching, this.changes);
	}

	private void add(String kind, Update update, EntityChange change) {
		this.changes.add(change);
		this.phases.computeIfAbsent(Phase.of(kind, update.getType() == Update.Type.DELETE), (p) -> new ArrayList<>())
			.add(new Repair(update, change));
	}

	/**
	 * The repairs phase by phase (empty phases left out): each phase must be written
	 * after the one before has been applied, in Writes of its own.
	 */
	public List<List<Repair>> repairPhases() {
		return this.phases.values().stream().map(List::copyOf).toList();
	}

	/** The updates that make the switch hold the desired state, one per change. */
	public List<Update> repairs() {
		return this.phases.values().stream().flatMap(List::stream).map(Repair::update).toList();
	}

	/** The change each repair makes, in the order of {@link #repairs()}. */
	public List<EntityChange> changesInRepairOrder() {
		return this.phases.values().stream().flatMap(List::stream).map(Repair::change).toList();
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
