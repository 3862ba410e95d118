package io.sonde.emulator.state;

import java.util.Arrays;

/**
 * The data plane's view of one action profile or selector: the action of a member, the
 * members of a group. Lock-free and allocation-free: it reads arrays the P4Runtime writer
 * republishes after each Write.
 * <p>
 * A group's members come in member-id order, each repeated as often as its weight, so a
 * selector picks {@code members[hash mod length]} and the same flow keeps its member as
 * long as the group does not change.
 */
public final class ActionProfileLookup {

	private static final ActionCall[] NO_MEMBERS = new ActionCall[0];

	private final int profileId;

	private volatile Snapshot snapshot = Snapshot.EMPTY;

	ActionProfileLookup(int profileId) {
		this.profileId = profileId;
	}

	public int profileId() {
		return this.profileId;
	}

	/** The action of member {@code memberId}, or null if it does not exist. */
	public ActionCall member(int memberId) {
		Snapshot now = this.snapshot;
		int at = Arrays.binarySearch(now.memberIds, memberId);
		return (at >= 0) ? now.members[at] : null;
	}

	/**
	 * The members of group {@code groupId} as a selector draws from them (never modify),
	 * empty for a group without members, null if the group does not exist.
	 */
	public ActionCall[] group(int groupId) {
		Snapshot now = this.snapshot;
		int at = Arrays.binarySearch(now.groupIds, groupId);
		return (at >= 0) ? now.groups[at] : null;
	}

	void publish(int[] memberIds, ActionCall[] members, int[] groupIds, ActionCall[][] groups) {
		this.snapshot = new Snapshot(memberIds, members, groupIds, groups);
	}

	static ActionCall[] noMembers() {
		return NO_MEMBERS;
	}

	/** Ids sorted ascending (as signed ints: ids above 2^31 sort first, consistently). */
	private record Snapshot(int[] memberIds, ActionCall[] members, int[] groupIds, ActionCall[][] groups) {

		static final Snapshot EMPTY = new Snapshot(new int[0], new ActionCall[0], new int[0], new ActionCall[0][]);

	}

}
