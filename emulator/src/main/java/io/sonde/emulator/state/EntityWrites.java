package io.sonde.emulator.state;

import io.grpc.Status;
import p4.v1.CounterEntry;
import p4.v1.DirectCounterEntry;
import p4.v1.Entity;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.RegisterEntry;
import p4.v1.Update;

/**
 * One update of a Write, dispatched by entity kind. Counters, direct counters and
 * registers are arrays that always exist, so they only take MODIFY (spec §9.3, §9.7);
 * action profile members and groups (§9.2) and clone sessions of the packet replication
 * engine (§9.5.2) take all three; other entity kinds (meters, multicast groups, value
 * sets, digests, externs) are not emulated and answer UNIMPLEMENTED.
 */
final class EntityWrites {

	private final SwitchState state;

	EntityWrites(SwitchState state) {
		this.state = state;
	}

	void apply(Update update) {
		Entity entity = update.getEntity();
		Update.Type type = update.getType();
		if (type == Update.Type.UNSPECIFIED || type == Update.Type.UNRECOGNIZED) {
			throw EntityRejected.invalid("update type must be INSERT, MODIFY or DELETE");
		}
		switch (entity.getEntityCase()) {
			case TABLE_ENTRY -> {
				TableState table = this.state.knownTable(entity.getTableEntry().getTableId());
				switch (type) {
					case INSERT -> table.insert(entity.getTableEntry());
					case MODIFY -> table.modify(entity.getTableEntry());
					default -> table.delete(entity.getTableEntry());
				}
			}
			case ACTION_PROFILE_MEMBER -> {
				ActionProfileState profile = this.state
					.knownActionProfile(entity.getActionProfileMember().getActionProfileId());
				switch (type) {
					case INSERT -> profile.insertMember(entity.getActionProfileMember());
					case MODIFY -> profile.modifyMember(entity.getActionProfileMember());
					default -> profile.deleteMember(entity.getActionProfileMember());
				}
			}
			case ACTION_PROFILE_GROUP -> {
				ActionProfileState profile = this.state
					.knownActionProfile(entity.getActionProfileGroup().getActionProfileId());
				switch (type) {
					case INSERT -> profile.insertGroup(entity.getActionProfileGroup());
					case MODIFY -> profile.modifyGroup(entity.getActionProfileGroup());
					default -> profile.deleteGroup(entity.getActionProfileGroup());
				}
			}
			case COUNTER_ENTRY -> {
				requireModify(type, "counter");
				writeCounter(entity.getCounterEntry());
			}
			case DIRECT_COUNTER_ENTRY -> {
				requireModify(type, "direct counter");
				writeDirectCounter(entity.getDirectCounterEntry());
			}
			case REGISTER_ENTRY -> {
				requireModify(type, "register");
				writeRegister(entity.getRegisterEntry());
			}
			case PACKET_REPLICATION_ENGINE_ENTRY -> writeReplication(type, entity.getPacketReplicationEngineEntry());
			case ENTITY_NOT_SET -> throw EntityRejected.invalid("the update has no entity");
			default -> throw new EntityRejected(Status.Code.UNIMPLEMENTED,
					"the emulator does not implement " + entity.getEntityCase().name().toLowerCase() + " entities");
		}
	}

	/**
	 * Clone sessions are emulated (sonde.p4 mirrors its reports); multicast groups are
	 * not.
	 */
	private void writeReplication(Update.Type type, PacketReplicationEngineEntry entry) {
		switch (entry.getTypeCase()) {
			case CLONE_SESSION_ENTRY -> {
				CloneSessions sessions = this.state.cloneSessions();
				switch (type) {
					case INSERT -> sessions.insert(entry.getCloneSessionEntry());
					case MODIFY -> sessions.modify(entry.getCloneSessionEntry());
					default -> sessions.delete(entry.getCloneSessionEntry());
				}
			}
			case MULTICAST_GROUP_ENTRY ->
				throw new EntityRejected(Status.Code.UNIMPLEMENTED, "the emulator does not implement multicast groups");
			default -> throw EntityRejected.invalid("the packet replication engine entry is empty");
		}
	}

	private static void requireModify(Update.Type type, String kind) {
		if (type != Update.Type.MODIFY) {
			throw EntityRejected.invalid(kind + " cells always exist: only MODIFY is allowed, not " + type);
		}
	}

	private void writeCounter(CounterEntry entry) {
		IndexedCounter counter = this.state.knownCounter(entry.getCounterId());
		if (!entry.hasData()) {
			return;
		}
		if (entry.hasIndex()) {
			counter.write(counter.checkIndex(entry.getIndex().getIndex()), entry.getData());
			return;
		}
		for (int i = 0; i < counter.size(); i++) {
			counter.write(i, entry.getData());
		}
	}

	private void writeDirectCounter(DirectCounterEntry entry) {
		TableState table = this.state.knownTable(entry.getTableEntry().getTableId());
		if (!table.model().hasDirectCounter()) {
			throw EntityRejected.invalid("table " + table.model().name() + " has no direct counter");
		}
		InstalledEntry installed = table.entryFor(entry.getTableEntry());
		if (entry.hasData()) {
			if (entry.getData().getPacketCount() < 0 || entry.getData().getByteCount() < 0) {
				throw EntityRejected.invalid("counter values cannot be negative");
			}
			installed.setCounter(entry.getData());
		}
	}

	private void writeRegister(RegisterEntry entry) {
		RegisterArray register = this.state.knownRegister(entry.getRegisterId());
		if (!entry.hasData()) {
			throw EntityRejected.invalid("a register write needs data");
		}
		if (entry.hasIndex()) {
			register.setCell(register.checkIndex(entry.getIndex().getIndex()), entry.getData());
		}
		else {
			register.setAll(entry.getData());
		}
	}

}
