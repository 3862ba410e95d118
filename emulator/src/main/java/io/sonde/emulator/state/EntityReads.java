package io.sonde.emulator.state;

import java.util.function.Consumer;

import io.grpc.Status;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.CounterEntry;
import p4.v1.DirectCounterEntry;
import p4.v1.Entity;
import p4.v1.Index;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

/**
 * One read request, dispatched by entity kind, with the wildcards of spec §9: id 0 means
 * every object of the kind, an unset index every cell, an unset match every entry of the
 * table (default entries only when asked for), member or group id 0 every member or group
 * of the profile (§9.2), session id 0 every clone session (§9.5.2).
 */
final class EntityReads {

	private final SwitchState state;

	EntityReads(SwitchState state) {
		this.state = state;
	}

	void read(Entity request, Consumer<Entity> sink) {
		switch (request.getEntityCase()) {
			case TABLE_ENTRY -> readTables(request.getTableEntry(), sink);
			case ACTION_PROFILE_MEMBER -> readMembers(request.getActionProfileMember(), sink);
			case ACTION_PROFILE_GROUP -> readGroups(request.getActionProfileGroup(), sink);
			case COUNTER_ENTRY -> readCounters(request.getCounterEntry(), sink);
			case DIRECT_COUNTER_ENTRY -> readDirectCounters(request.getDirectCounterEntry(), sink);
			case REGISTER_ENTRY -> readRegisters(request.getRegisterEntry(), sink);
			case PACKET_REPLICATION_ENGINE_ENTRY -> readReplication(request.getPacketReplicationEngineEntry(), sink);
			case ENTITY_NOT_SET -> throw EntityRejected.invalid("the read request names no entity kind");
			default -> throw new EntityRejected(Status.Code.UNIMPLEMENTED,
					"the emulator does not implement " + request.getEntityCase().name().toLowerCase() + " entities");
		}
	}

	private void readMembers(ActionProfileMember filter, Consumer<Entity> sink) {
		Consumer<ActionProfileMember> out = (member) -> sink
			.accept(Entity.newBuilder().setActionProfileMember(member).build());
		if (filter.getActionProfileId() == 0) {
			if (filter.getMemberId() != 0) {
				throw EntityRejected.invalid("a member id needs an action_profile_id");
			}
			this.state.actionProfileStates().forEach((profile) -> profile.readMembers(filter, out));
			return;
		}
		this.state.knownActionProfile(filter.getActionProfileId()).readMembers(filter, out);
	}

	private void readGroups(ActionProfileGroup filter, Consumer<Entity> sink) {
		Consumer<ActionProfileGroup> out = (group) -> sink
			.accept(Entity.newBuilder().setActionProfileGroup(group).build());
		if (filter.getActionProfileId() == 0) {
			if (filter.getGroupId() != 0) {
				throw EntityRejected.invalid("a group id needs an action_profile_id");
			}
			this.state.actionProfileStates()
				.stream()
				.filter(ActionProfileState::hasSelector)
				.forEach((profile) -> profile.readGroups(filter, out));
			return;
		}
		ActionProfileState profile = this.state.knownActionProfile(filter.getActionProfileId());
		if (!profile.hasSelector()) {
			throw EntityRejected.invalid("action profile " + profile.name() + " has no selector, so no groups");
		}
		profile.readGroups(filter, out);
	}

	private void readReplication(PacketReplicationEngineEntry filter, Consumer<Entity> sink) {
		switch (filter.getTypeCase()) {
			case CLONE_SESSION_ENTRY -> this.state.cloneSessions()
				.read(filter.getCloneSessionEntry(),
						(entry) -> sink.accept(Entity.newBuilder()
							.setPacketReplicationEngineEntry(
									PacketReplicationEngineEntry.newBuilder().setCloneSessionEntry(entry))
							.build()));
			case MULTICAST_GROUP_ENTRY ->
				throw new EntityRejected(Status.Code.UNIMPLEMENTED, "the emulator does not implement multicast groups");
			default -> throw EntityRejected.invalid("a packet replication engine read names no entry type");
		}
	}

	private void readTables(TableEntry filter, Consumer<Entity> sink) {
		Consumer<TableEntry> out = (entry) -> sink.accept(Entity.newBuilder().setTableEntry(entry).build());
		if (filter.getTableId() != 0) {
			TableState table = this.state.knownTable(filter.getTableId());
			if (filter.hasCounterData() && !table.model().hasDirectCounter()) {
				throw EntityRejected.invalid("table " + table.model().name() + " has no direct counter");
			}
			table.read(filter, filter.hasCounterData(), out);
			return;
		}
		// table_id 0 selects every table and allows no other filter (spec §9.1.6).
		if (!filter.toBuilder().clearCounterData().build().equals(TableEntry.getDefaultInstance())) {
			throw EntityRejected.invalid("a read of every table (table_id 0) takes no other filter");
		}
		for (TableState table : this.state.tableStates()) {
			TableEntry all = TableEntry.newBuilder().setTableId(table.model().id()).build();
			table.read(all, filter.hasCounterData(), out);
		}
	}

	private void readCounters(CounterEntry filter, Consumer<Entity> sink) {
		if (filter.getCounterId() == 0) {
			if (filter.hasIndex()) {
				throw EntityRejected.invalid("an index needs a counter_id");
			}
			this.state.counters().forEach((counter) -> allCells(counter, sink));
			return;
		}
		IndexedCounter counter = this.state.knownCounter(filter.getCounterId());
		if (filter.hasIndex()) {
			sink.accept(cell(counter, counter.checkIndex(filter.getIndex().getIndex())));
		}
		else {
			allCells(counter, sink);
		}
	}

	private static void allCells(IndexedCounter counter, Consumer<Entity> sink) {
		for (int i = 0; i < counter.size(); i++) {
			sink.accept(cell(counter, i));
		}
	}

	private static Entity cell(IndexedCounter counter, int index) {
		return Entity.newBuilder()
			.setCounterEntry(CounterEntry.newBuilder()
				.setCounterId(counter.counterId())
				.setIndex(Index.newBuilder().setIndex(index))
				.setData(counter.read(index)))
			.build();
	}

	private void readDirectCounters(DirectCounterEntry filter, Consumer<Entity> sink) {
		TableEntry key = filter.getTableEntry();
		if (key.getTableId() == 0) {
			for (TableState table : this.state.tableStates()) {
				if (table.model().hasDirectCounter()) {
					table.forEachEntry((entry) -> sink.accept(direct(table, entry)));
				}
			}
			return;
		}
		TableState table = this.state.knownTable(key.getTableId());
		if (!table.model().hasDirectCounter()) {
			throw EntityRejected.invalid("table " + table.model().name() + " has no direct counter");
		}
		if (key.getMatchCount() == 0 && !key.getIsDefaultAction() && key.getPriority() == 0) {
			table.forEachEntry((entry) -> sink.accept(direct(table, entry)));
			return;
		}
		sink.accept(direct(table, table.entryFor(key)));
	}

	private static Entity direct(TableState table, InstalledEntry entry) {
		TableEntry.Builder key = TableEntry.newBuilder().setTableId(table.model().id());
		if (entry.isDefault()) {
			key.setIsDefaultAction(true);
		}
		else {
			key.addAllMatch(entry.key().match()).setPriority(entry.key().priority());
		}
		return Entity.newBuilder()
			.setDirectCounterEntry(DirectCounterEntry.newBuilder().setTableEntry(key).setData(entry.counterData()))
			.build();
	}

	private void readRegisters(RegisterEntry filter, Consumer<Entity> sink) {
		if (filter.getRegisterId() == 0) {
			if (filter.hasIndex()) {
				throw EntityRejected.invalid("an index needs a register_id");
			}
			// Registers of types the emulator does not hold are left out of a wildcard.
			this.state.registers()
				.stream()
				.filter((register) -> register.bitwidth() > 0)
				.forEach((register) -> allCells(register, sink));
			return;
		}
		RegisterArray register = this.state.knownRegister(filter.getRegisterId());
		if (filter.hasIndex()) {
			sink.accept(cell(register, register.checkIndex(filter.getIndex().getIndex())));
		}
		else {
			allCells(register, sink);
		}
	}

	private static void allCells(RegisterArray register, Consumer<Entity> sink) {
		for (int i = 0; i < register.size(); i++) {
			sink.accept(cell(register, i));
		}
	}

	private static Entity cell(RegisterArray register, int index) {
		return Entity.newBuilder()
			.setRegisterEntry(RegisterEntry.newBuilder()
				.setRegisterId(register.registerId())
				.setIndex(Index.newBuilder().setIndex(index))
				.setData(register.cell(index)))
			.build();
	}

}
