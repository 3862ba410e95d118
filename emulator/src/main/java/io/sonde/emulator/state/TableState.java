package io.sonde.emulator.state;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.grpc.Status;
import p4.config.v1.ActionRef;
import p4.v1.TableAction;
import p4.v1.TableEntry;

/**
 * The control-plane side of one table: INSERT, MODIFY, DELETE and reads of entries with
 * the checks and codes of spec §9.1 and §12, plus the default entry (§9.1.3) and const
 * tables (§9.1.4). The entries of an indirect table name a member or group of its action
 * profile (§9.2), which must exist and stay while they are named. Called only under the
 * switch's write lock; after a batch, {@link #publish()} hands the data plane a fresh
 * index.
 */
final class TableState {

	private final TableModel model;

	private final MatchValidator matches;

	private final Map<EntryKey, InstalledEntry> entries = new LinkedHashMap<>();

	private final TableLookup lookup;

	/** The action profile of an indirect table, null for a direct one. */
	private final ActionProfileState profile;

	private long nextSequence;

	private boolean dirty;

	/** A table's action as an update gives it: an action, or a member or group. */
	private record Chosen(ActionCall call, IndirectAction indirect) {

		TableAction toProto() {
			return (this.indirect != null) ? this.indirect.toProto()
					: TableAction.newBuilder().setAction(this.call.toProto()).build();
		}

	}

	/**
	 * @param profile the action profile implementing the table, null for a direct table
	 */
	TableState(TableModel model, ActionProfileState profile) {
		this.model = model;
		this.profile = profile;
		this.matches = new MatchValidator(model);
		this.lookup = new TableLookup(model, InstalledEntry.defaultEntry(model.id(), model.initialDefault()));
	}

	TableModel model() {
		return this.model;
	}

	TableLookup lookup() {
		return this.lookup;
	}

	void insert(TableEntry entry) {
		checkWritable(entry);
		if (entry.getIsDefaultAction()) {
			throw EntityRejected.invalid("the default entry of table " + name() + " always exists: use MODIFY");
		}
		if (this.model.isConst()) {
			throw constTable("INSERT");
		}
		if (this.model.layout().fieldCount() == 0) {
			throw EntityRejected.invalid("table " + name() + " has no match key: only its default entry can be set");
		}
		MatchValidator.ValidMatch match = this.matches.validate(entry.getMatchList(), entry.getPriority());
		if (!entry.hasAction()) {
			throw EntityRejected.invalid("an INSERT into table " + name() + " needs an action");
		}
		Chosen action = chosen(entry.getAction());
		if (this.entries.containsKey(match.key())) {
			throw new EntityRejected(Status.Code.ALREADY_EXISTS, "table " + name() + " already has an entry "
					+ "with this match and priority " + match.key().priority());
		}
		if (this.model.size() > 0 && this.entries.size() >= this.model.size()) {
			throw new EntityRejected(Status.Code.RESOURCE_EXHAUSTED,
					"table " + name() + " is full (" + this.model.size() + " entries)");
		}
		TableEntry stored = stored(entry, match.key(), action);
		InstalledEntry installed = new InstalledEntry(match.key(), match.value(), match.mask(), match.ranges(),
				match.prefixLength(), this.nextSequence++, action.call(), stored);
		if (action.indirect() != null) {
			installed.replace(action.indirect(), stored);
			this.profile.addReference(action.indirect());
		}
		if (entry.hasCounterData()) {
			installed.setCounter(checkedCounter(entry));
		}
		this.entries.put(match.key(), installed);
		this.dirty = true;
	}

	void modify(TableEntry entry) {
		checkWritable(entry);
		if (entry.getIsDefaultAction()) {
			modifyDefault(entry);
			return;
		}
		if (this.model.isConst() && entry.hasAction()) {
			throw constTable("MODIFY of an action");
		}
		MatchValidator.ValidMatch match = this.matches.validate(entry.getMatchList(), entry.getPriority());
		InstalledEntry installed = existing(match.key());
		Chosen action = entry.hasAction() ? chosen(entry.getAction())
				: new Chosen(installed.action(), installed.indirect());
		TableEntry stored = stored(entry, match.key(), action);
		if (action.indirect() != null) {
			this.profile.removeReference(installed.indirect());
			this.profile.addReference(action.indirect());
			installed.replace(action.indirect(), stored);
		}
		else {
			installed.replace(action.call(), stored);
		}
		if (entry.hasCounterData()) {
			installed.setCounter(checkedCounter(entry));
		}
	}

	void delete(TableEntry entry) {
		// Only the key counts for a DELETE (spec §9.1): other fields are not checked.
		if (entry.getIsConst()) {
			throw EntityRejected.invalid("is_const must be false in a write");
		}
		if (entry.getIsDefaultAction()) {
			throw EntityRejected.invalid("the default entry of table " + name() + " cannot be deleted");
		}
		if (this.model.isConst()) {
			throw constTable("DELETE");
		}
		MatchValidator.ValidMatch match = this.matches.validate(entry.getMatchList(), entry.getPriority());
		InstalledEntry installed = existing(match.key());
		if (installed.indirect() != null) {
			this.profile.removeReference(installed.indirect());
		}
		this.entries.remove(match.key());
		this.dirty = true;
	}

	private void modifyDefault(TableEntry entry) {
		if (entry.getMatchCount() > 0 || entry.getPriority() != 0) {
			throw EntityRejected.invalid("the default entry of table " + name() + " has no match and no priority");
		}
		if (this.model.hasConstDefaultAction()) {
			throw new EntityRejected(Status.Code.PERMISSION_DENIED,
					"the default action of table " + name() + " is const");
		}
		if (this.profile != null) {
			throw new EntityRejected(Status.Code.PERMISSION_DENIED,
					"table " + name() + " is indirect: its default entry is the constant NoAction (§9.1.3)");
		}
		if (entry.getIdleTimeoutNs() != 0) {
			throw EntityRejected.invalid("default entries have no idle timeout");
		}
		InstalledEntry current = this.lookup.defaultEntry();
		// An unset action resets the default entry to the program's (spec §9.1.3).
		ActionCall action = entry.hasAction() ? entryAction(entry.getAction(), true) : this.model.initialDefault();
		TableEntry.Builder stored = InstalledEntry.defaultMessage(this.model.id(), action).toBuilder();
		if (entry.hasAction()) {
			stored.setMetadata(entry.getMetadata()).setControllerMetadata(entry.getControllerMetadata());
		}
		current.replace(action, stored.build());
		if (entry.hasCounterData()) {
			current.setCounter(checkedCounter(entry));
		}
	}

	private void checkWritable(TableEntry entry) {
		if (entry.getIsConst()) {
			throw EntityRejected.invalid("is_const must be false in a write");
		}
		if (entry.hasTimeSinceLastHit()) {
			throw EntityRejected.invalid("time_since_last_hit must be unset in a write");
		}
		if (entry.getIdleTimeoutNs() != 0 && !this.model.supportsIdleTimeout()) {
			throw EntityRejected.invalid("table " + name() + " does not support idle timeouts");
		}
		if (entry.hasMeterConfig() || entry.hasMeterCounterData()) {
			if (!this.model.hasDirectMeter()) {
				throw EntityRejected.invalid("table " + name() + " has no direct meter");
			}
			throw new EntityRejected(Status.Code.UNIMPLEMENTED, "the emulator does not run meters");
		}
		if (entry.hasCounterData() && !this.model.hasDirectCounter()) {
			throw EntityRejected.invalid("table " + name() + " has no direct counter");
		}
	}

	/** The action of a match entry, direct or indirect as the table is. */
	private Chosen chosen(TableAction action) {
		if (this.profile == null) {
			return new Chosen(entryAction(action, false), null);
		}
		IndirectAction indirect = switch (action.getTypeCase()) {
			case ACTION_PROFILE_MEMBER_ID -> new IndirectAction(false, action.getActionProfileMemberId());
			case ACTION_PROFILE_GROUP_ID -> new IndirectAction(true, action.getActionProfileGroupId());
			case ACTION_PROFILE_ACTION_SET -> throw new EntityRejected(Status.Code.UNIMPLEMENTED, "table " + name()
					+ ": the emulator takes no one-shot action sets; write members and groups (§9.2)");
			default -> throw EntityRejected.invalid("table " + name() + " is indirect: its entries name a member "
					+ "or group of action profile " + this.profile.name() + ", not an action");
		};
		if (indirect.id() == 0) {
			throw EntityRejected
				.invalid("table " + name() + ": " + indirect.describe() + " is not an id (they start at 1)");
		}
		this.profile.checkReference(indirect);
		return new Chosen(ActionCall.NONE, indirect);
	}

	private ActionCall entryAction(TableAction action, boolean asDefault) {
		if (!action.hasAction()) {
			throw EntityRejected.invalid("table " + name() + " is a direct table: its entries name an action, "
					+ "not an action profile member or group");
		}
		ActionCall call = new ActionCall(this.model.actions().canonical(action.getAction()));
		ActionRef.Scope scope = this.model.actionRef(call.actionId()).orElseThrow().getScope();
		if (asDefault && scope == ActionRef.Scope.TABLE_ONLY) {
			throw new EntityRejected(Status.Code.PERMISSION_DENIED,
					"action " + call.actionId() + " cannot be the default action of table " + name());
		}
		if (!asDefault && scope == ActionRef.Scope.DEFAULT_ONLY) {
			throw new EntityRejected(Status.Code.PERMISSION_DENIED,
					"action " + call.actionId() + " can only be the default action of table " + name());
		}
		return call;
	}

	private static p4.v1.CounterData checkedCounter(TableEntry entry) {
		p4.v1.CounterData data = entry.getCounterData();
		if (data.getPacketCount() < 0 || data.getByteCount() < 0) {
			throw EntityRejected.invalid("counter values cannot be negative");
		}
		return data;
	}

	private TableEntry stored(TableEntry entry, EntryKey key, Chosen action) {
		return TableEntry.newBuilder()
			.setTableId(this.model.id())
			.addAllMatch(key.match())
			.setPriority(key.priority())
			.setAction(action.toProto())
			.setMetadata(entry.getMetadata())
			.setControllerMetadata(entry.getControllerMetadata())
			.setIdleTimeoutNs(entry.getIdleTimeoutNs())
			.build();
	}

	private InstalledEntry existing(EntryKey key) {
		InstalledEntry installed = this.entries.get(key);
		if (installed == null) {
			throw new EntityRejected(Status.Code.NOT_FOUND,
					"table " + name() + " has no entry with this match and priority " + key.priority());
		}
		return installed;
	}

	private EntityRejected constTable(String operation) {
		return new EntityRejected(Status.Code.PERMISSION_DENIED,
				"table " + name() + " is const: " + operation + " is not allowed");
	}

	/**
	 * Entries that pass a read filter (spec §9.1.6): match (exact key), action id,
	 * priority, metadata; the default entry only if asked for.
	 */
	void read(TableEntry filter, boolean withCounters, Consumer<TableEntry> sink) {
		if (filter.hasTimeSinceLastHit()) {
			throw this.model.supportsIdleTimeout()
					? new EntityRejected(Status.Code.UNIMPLEMENTED, "the emulator does not track entry hits")
					: EntityRejected.invalid("table " + name() + " does not support idle timeouts");
		}
		if (filter.hasMeterConfig() || filter.hasMeterCounterData()) {
			throw new EntityRejected(Status.Code.UNIMPLEMENTED, "the emulator does not run meters");
		}
		if (filter.getIsDefaultAction()) {
			if (filter.getMatchCount() > 0 || filter.getPriority() != 0) {
				throw EntityRejected.invalid("the default entry has no match and no priority");
			}
			sink.accept(withCounter(this.lookup.defaultEntry(), withCounters));
			return;
		}
		EntryKey wanted = (filter.getMatchCount() > 0) ? this.matches.key(filter.getMatchList()) : null;
		for (InstalledEntry entry : this.entries.values()) {
			TableEntry stored = entry.stored();
			if ((wanted == null || wanted.match().equals(entry.key().match()))
					&& (filter.getPriority() == 0 || filter.getPriority() == stored.getPriority())
					&& (!filter.hasAction() || sameAction(filter.getAction(), entry))
					&& (filter.getControllerMetadata() == 0
							|| filter.getControllerMetadata() == stored.getControllerMetadata())
					&& (filter.getMetadata().isEmpty() || filter.getMetadata().equals(stored.getMetadata()))) {
				sink.accept(withCounter(entry, withCounters));
			}
		}
	}

	/**
	 * A read filter's action: the action id of a direct entry, the member or group of an
	 * indirect one.
	 */
	private static boolean sameAction(TableAction filter, InstalledEntry entry) {
		if (entry.indirect() != null) {
			return filter.equals(entry.indirect().toProto());
		}
		return filter.getAction().getActionId() == entry.action().actionId();
	}

	private TableEntry withCounter(InstalledEntry entry, boolean withCounters) {
		TableEntry stored = entry.stored();
		return (withCounters && this.model.hasDirectCounter())
				? stored.toBuilder().setCounterData(entry.counterData()).build() : stored;
	}

	/** The entry a DirectCounterEntry names by its key (spec §9.3.1). */
	InstalledEntry entryFor(TableEntry key) {
		if (key.getIsDefaultAction()) {
			return this.lookup.defaultEntry();
		}
		MatchValidator.ValidMatch match = this.matches.validate(key.getMatchList(), key.getPriority());
		return existing(match.key());
	}

	/** Every installed entry and the default entry, for wildcard direct-counter reads. */
	void forEachEntry(Consumer<InstalledEntry> action) {
		this.entries.values().forEach(action);
		action.accept(this.lookup.defaultEntry());
	}

	/** Hands the data plane an index of the current entries, if they changed. */
	void publish() {
		if (this.dirty) {
			this.lookup.publish(
					MatchIndex.build(this.model.shape(), this.model.layout().widthMask(), this.entries.values()),
					this.entries.size());
			this.dirty = false;
		}
	}

	/** Back to the program's initial state: no entries, initial default action. */
	void reset() {
		this.entries.clear();
		this.lookup.replaceDefault(InstalledEntry.defaultEntry(this.model.id(), this.model.initialDefault()));
		this.dirty = true;
		publish();
	}

	private String name() {
		return this.model.name();
	}

}
