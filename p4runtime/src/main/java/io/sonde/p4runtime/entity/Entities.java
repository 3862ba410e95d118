package io.sonde.p4runtime.entity;

import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.CounterEntry;
import p4.v1.DirectCounterEntry;
import p4.v1.Entity;
import p4.v1.MeterEntry;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.RegisterEntry;
import p4.v1.TableEntry;

/** Wraps entries into the {@link Entity} oneof that Update and ReadRequest carry. */
public final class Entities {

	private Entities() {
	}

	public static Entity of(TableEntry entry) {
		return Entity.newBuilder().setTableEntry(entry).build();
	}

	public static Entity of(ActionProfileMember member) {
		return Entity.newBuilder().setActionProfileMember(member).build();
	}

	public static Entity of(ActionProfileGroup group) {
		return Entity.newBuilder().setActionProfileGroup(group).build();
	}

	public static Entity of(CounterEntry entry) {
		return Entity.newBuilder().setCounterEntry(entry).build();
	}

	public static Entity of(DirectCounterEntry entry) {
		return Entity.newBuilder().setDirectCounterEntry(entry).build();
	}

	public static Entity of(MeterEntry entry) {
		return Entity.newBuilder().setMeterEntry(entry).build();
	}

	public static Entity of(RegisterEntry entry) {
		return Entity.newBuilder().setRegisterEntry(entry).build();
	}

	public static Entity of(PacketReplicationEngineEntry entry) {
		return Entity.newBuilder().setPacketReplicationEngineEntry(entry).build();
	}

}
