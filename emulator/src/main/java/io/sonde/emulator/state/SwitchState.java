package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.grpc.Status;
import io.sonde.p4runtime.info.P4EntityKind;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.UnknownP4Entity;
import p4.config.v1.ActionProfile;
import p4.config.v1.Counter;
import p4.config.v1.Register;
import p4.v1.Entity;
import p4.v1.Update;

/**
 * The forwarding state of one emulated switch for any P4Info: table entries, the members
 * and groups of action profiles and selectors, direct and indexed counters, registers,
 * and the packet replication engine's clone sessions. Two audiences:
 * <ul>
 * <li>the P4Runtime server writes and reads it with P4Runtime messages ({@link #write},
 * {@link #read}), checked as the specification prescribes, one call at a time (a lock
 * serialises writers and readers, so every read sees whole Writes, §13.5);</li>
 * <li>data-plane threads run packets against it ({@link #table}, {@link #actionProfile},
 * {@link #counter}, {@link #register}, {@link #cloneSession}) without locks: tables and
 * action profiles publish immutable snapshots after each Write, counters and registers
 * are atomic cells.</li>
 * </ul>
 * The objects handed to the data plane stay the same for the life of the switch, across
 * {@link #reset()}.
 */
public final class SwitchState {

	private static final System.Logger logger = System.getLogger(SwitchState.class.getName());

	private final P4InfoIndex p4Info;

	private final Map<Integer, TableState> tables = new LinkedHashMap<>();

	private final Map<Integer, ActionProfileState> actionProfiles = new LinkedHashMap<>();

	private final Map<Integer, IndexedCounter> counters = new LinkedHashMap<>();

	private final Map<Integer, RegisterArray> registers = new LinkedHashMap<>();

	private final CloneSessions cloneSessions = new CloneSessions();

	private final EntityWrites writes;

	private final EntityReads reads;

	private final Object lock = new Object();

	public SwitchState(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
		List<TableModel> models = TableModel.all(p4Info);
		for (ActionProfile profile : p4Info.p4Info().getActionProfilesList()) {
			models.stream()
				.filter((model) -> profile.getTableIdsList().contains(model.id()))
				.findFirst()
				.ifPresent((table) -> this.actionProfiles.put(profile.getPreamble().getId(),
						new ActionProfileState(p4Info, profile, table)));
		}
		for (TableModel model : models) {
			ActionProfileState profile = model.isIndirect() ? this.actionProfiles.get(model.implementationId()) : null;
			if (model.isIndirect() && profile == null) {
				throw new IllegalArgumentException("table " + model.name() + " names action profile "
						+ model.implementationId() + ", which the P4Info does not list for it");
			}
			this.tables.put(model.id(), new TableState(model, profile));
		}
		for (Counter counter : p4Info.p4Info().getCountersList()) {
			this.counters.put(counter.getPreamble().getId(), new IndexedCounter(counter));
		}
		for (Register register : p4Info.p4Info().getRegistersList()) {
			this.registers.put(register.getPreamble().getId(), new RegisterArray(register));
		}
		this.writes = new EntityWrites(this);
		this.reads = new EntityReads(this);
	}

	public P4InfoIndex p4Info() {
		return this.p4Info;
	}

	/**
	 * Applies the updates of one Write in order, each on its own (CONTINUE_ON_ERROR, spec
	 * §12.2): one status per update, OK or the code the update failed with. The data
	 * plane sees the new entries when the call returns.
	 */
	public List<Status> write(List<Update> updates) {
		List<Status> statuses = new ArrayList<>(updates.size());
		synchronized (this.lock) {
			try {
				for (Update update : updates) {
					statuses.add(apply(update));
				}
			}
			finally {
				this.actionProfiles.values().forEach(ActionProfileState::publish);
				this.tables.values().forEach(TableState::publish);
			}
		}
		return statuses;
	}

	private Status apply(Update update) {
		try {
			this.writes.apply(update);
			return Status.OK;
		}
		catch (EntityRejected ex) {
			return ex.toStatus();
		}
		catch (RuntimeException ex) {
			// A bug here must cost one update, not the switch.
			logger.log(System.Logger.Level.ERROR, "update failed unexpectedly: " + update, ex);
			return Status.INTERNAL.withDescription("update failed in the emulator: " + ex);
		}
	}

	/**
	 * Reads the entities one read request selects (spec §13, wildcards as in §9).
	 * @throws EntityRejected if the request is malformed or names unknown objects
	 */
	public void read(Entity request, Consumer<Entity> sink) {
		List<Entity> found = new ArrayList<>();
		synchronized (this.lock) {
			this.reads.read(request, found::add);
		}
		found.forEach(sink);
	}

	/** Back to the state of a freshly started switch: no entries, zero counters. */
	public void reset() {
		synchronized (this.lock) {
			this.tables.values().forEach(TableState::reset);
			this.actionProfiles.values().forEach(ActionProfileState::reset);
			this.counters.values().forEach(IndexedCounter::reset);
			this.registers.values().forEach(RegisterArray::reset);
			this.cloneSessions.reset();
		}
	}

	public TableLookup table(int tableId) {
		return tableState(tableId).lookup();
	}

	public TableLookup table(String nameOrAlias) {
		return table(this.p4Info.id(P4EntityKind.TABLE, nameOrAlias));
	}

	public List<TableLookup> tables() {
		return this.tables.values().stream().map(TableState::lookup).toList();
	}

	/** The members and groups of an action profile or selector, for the data plane. */
	public ActionProfileLookup actionProfile(int profileId) {
		return found(this.actionProfiles.get(profileId), P4EntityKind.ACTION_PROFILE, profileId).lookup();
	}

	public ActionProfileLookup actionProfile(String nameOrAlias) {
		return actionProfile(this.p4Info.id(P4EntityKind.ACTION_PROFILE, nameOrAlias));
	}

	public IndexedCounter counter(int counterId) {
		return found(this.counters.get(counterId), P4EntityKind.COUNTER, counterId);
	}

	public IndexedCounter counter(String nameOrAlias) {
		return counter(this.p4Info.id(P4EntityKind.COUNTER, nameOrAlias));
	}

	public RegisterArray register(int registerId) {
		return found(this.registers.get(registerId), P4EntityKind.REGISTER, registerId);
	}

	public RegisterArray register(String nameOrAlias) {
		return register(this.p4Info.id(P4EntityKind.REGISTER, nameOrAlias));
	}

	/**
	 * The clone session {@code sessionId} as the control plane configured it (spec
	 * §9.5.2), or null when it is not configured: a v1model switch makes no clone for
	 * such a session. Lock-free, for the data plane.
	 */
	public CloneSession cloneSession(int sessionId) {
		return this.cloneSessions.lookup(sessionId);
	}

	CloneSessions cloneSessions() {
		return this.cloneSessions;
	}

	TableState tableState(int tableId) {
		return found(this.tables.get(tableId), P4EntityKind.TABLE, tableId);
	}

	Collection<TableState> tableStates() {
		return this.tables.values();
	}

	Collection<ActionProfileState> actionProfileStates() {
		return this.actionProfiles.values();
	}

	/** The action profile a request names; an unknown id is the request's fault. */
	ActionProfileState knownActionProfile(int profileId) {
		ActionProfileState profile = this.actionProfiles.get(profileId);
		if (profile == null) {
			throw EntityRejected.invalid("no action profile with id " + Integer.toUnsignedString(profileId)
					+ " in the P4Info (or no table it implements)");
		}
		return profile;
	}

	Collection<IndexedCounter> counters() {
		return this.counters.values();
	}

	Collection<RegisterArray> registers() {
		return this.registers.values();
	}

	/** The table a request names; an unknown id is the request's fault. */
	TableState knownTable(int tableId) {
		return known(() -> tableState(tableId));
	}

	IndexedCounter knownCounter(int counterId) {
		return known(() -> counter(counterId));
	}

	RegisterArray knownRegister(int registerId) {
		return known(() -> register(registerId));
	}

	private static <T> T known(java.util.function.Supplier<T> lookup) {
		try {
			return lookup.get();
		}
		catch (UnknownP4Entity ex) {
			throw EntityRejected.invalid(ex.getMessage());
		}
	}

	private static <T> T found(T object, P4EntityKind kind, int id) {
		if (object == null) {
			throw UnknownP4Entity.ofId(kind, Integer.toUnsignedLong(id), null);
		}
		return object;
	}

}
