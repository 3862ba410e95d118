package io.sonde.emulator.state;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

import io.grpc.Status;
import io.sonde.p4runtime.info.P4InfoIndex;
import p4.config.v1.ActionProfile;
import p4.config.v1.ActionRef;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;

/**
 * The control-plane side of one action profile or selector (P4Runtime §9.2): members (an
 * id bound to an action the profile's tables may run) and, for a selector, groups (an id
 * bound to a set of members), with the spec's checks and codes, and how many table
 * entries name each of them, so nothing in use is deleted. Called under the switch's
 * write lock; {@link #publish()} hands the data plane a fresh {@link ActionProfileLookup}
 * snapshot after a Write.
 */
final class ActionProfileState {

	private final ActionProfile info;

	private final ActionValidator actions;

	private final TableModel table;

	private final Map<Integer, Member> members = new TreeMap<>();

	private final Map<Integer, ActionProfileGroup> groups = new TreeMap<>();

	private final Map<Integer, Integer> memberEntries = new HashMap<>();

	private final Map<Integer, Integer> groupEntries = new HashMap<>();

	private final ActionProfileLookup lookup;

	private boolean dirty;

	private record Member(ActionCall call, ActionProfileMember stored) {
	}

	/**
	 * @param table one of the tables the profile implements: members run its actions (a
	 * profile shared by tables has the same actions in each, §9.2.1)
	 */
	ActionProfileState(P4InfoIndex p4Info, ActionProfile info, TableModel table) {
		this.info = info;
		this.table = table;
		this.actions = new ActionValidator(p4Info, table.info());
		this.lookup = new ActionProfileLookup(info.getPreamble().getId());
	}

	int id() {
		return this.info.getPreamble().getId();
	}

	String name() {
		return this.info.getPreamble().getName();
	}

	boolean hasSelector() {
		return this.info.getWithSelector();
	}

	ActionProfileLookup lookup() {
		return this.lookup;
	}

	void insertMember(ActionProfileMember member) {
		int id = checkMemberId(member.getMemberId());
		if (this.members.containsKey(id)) {
			throw new EntityRejected(Status.Code.ALREADY_EXISTS, what() + " already has member " + unsigned(id));
		}
		ActionCall call = memberAction(member);
		if (this.info.getSize() > 0 && this.members.size() >= this.info.getSize()) {
			throw new EntityRejected(Status.Code.RESOURCE_EXHAUSTED,
					what() + " is full (" + this.info.getSize() + " members)");
		}
		this.members.put(id, new Member(call, stored(member, call)));
		this.dirty = true;
	}

	void modifyMember(ActionProfileMember member) {
		int id = checkMemberId(member.getMemberId());
		existingMember(id);
		ActionCall call = memberAction(member);
		this.members.put(id, new Member(call, stored(member, call)));
		this.dirty = true;
	}

	/** Only the profile and member ids count for a DELETE (§9.2.1). */
	void deleteMember(ActionProfileMember member) {
		int id = checkMemberId(member.getMemberId());
		existingMember(id);
		for (ActionProfileGroup group : this.groups.values()) {
			if (group.getMembersList().stream().anyMatch((m) -> m.getMemberId() == id)) {
				throw new EntityRejected(Status.Code.FAILED_PRECONDITION, what() + " member " + unsigned(id)
						+ " is in group " + unsigned(group.getGroupId()) + ": take it out of the group first");
			}
		}
		if (this.memberEntries.getOrDefault(id, 0) > 0) {
			throw new EntityRejected(Status.Code.FAILED_PRECONDITION,
					what() + " member " + unsigned(id) + " is the action of table entries: delete them first");
		}
		this.members.remove(id);
		this.dirty = true;
	}

	void insertGroup(ActionProfileGroup group) {
		int id = checkGroupId(group.getGroupId());
		if (this.groups.containsKey(id)) {
			throw new EntityRejected(Status.Code.ALREADY_EXISTS, what() + " already has group " + unsigned(id));
		}
		this.groups.put(id, checkedGroup(group));
		this.dirty = true;
	}

	void modifyGroup(ActionProfileGroup group) {
		int id = checkGroupId(group.getGroupId());
		ActionProfileGroup existing = existingGroup(id);
		if (group.getMaxSize() != existing.getMaxSize()) {
			throw EntityRejected.invalid(what() + " group " + unsigned(id) + ": max_size is " + existing.getMaxSize()
					+ " since its INSERT and cannot change to " + group.getMaxSize());
		}
		this.groups.put(id, checkedGroup(group));
		this.dirty = true;
	}

	/** Only the profile and group ids count for a DELETE (§9.2.2). */
	void deleteGroup(ActionProfileGroup group) {
		int id = checkGroupId(group.getGroupId());
		existingGroup(id);
		if (this.groupEntries.getOrDefault(id, 0) > 0) {
			throw new EntityRejected(Status.Code.FAILED_PRECONDITION,
					what() + " group " + unsigned(id) + " is the action of table entries: delete them first");
		}
		this.groups.remove(id);
		this.dirty = true;
	}

	/** Member id 0 reads every member; another id that one, if it exists. */
	void readMembers(ActionProfileMember filter, Consumer<ActionProfileMember> sink) {
		if (filter.getMemberId() == 0) {
			this.members.values().forEach((member) -> sink.accept(member.stored()));
			return;
		}
		Member member = this.members.get(filter.getMemberId());
		if (member != null) {
			sink.accept(member.stored());
		}
	}

	/** Group id 0 reads every group; another id that one, if it exists. */
	void readGroups(ActionProfileGroup filter, Consumer<ActionProfileGroup> sink) {
		if (filter.getGroupId() == 0) {
			this.groups.values().forEach(sink);
			return;
		}
		ActionProfileGroup group = this.groups.get(filter.getGroupId());
		if (group != null) {
			sink.accept(group);
		}
	}

	/**
	 * A table entry is about to name {@code action}: it must exist (§9.1.2, NOT_FOUND
	 * otherwise), and a group needs a selector.
	 */
	void checkReference(IndirectAction action) {
		if (action.group()) {
			if (!hasSelector()) {
				throw EntityRejected.invalid(what() + " has no selector: its tables' entries name members only");
			}
			existingGroup(action.id());
		}
		else {
			existingMember(action.id());
		}
	}

	void addReference(IndirectAction action) {
		(action.group() ? this.groupEntries : this.memberEntries).merge(action.id(), 1, Integer::sum);
	}

	void removeReference(IndirectAction action) {
		(action.group() ? this.groupEntries : this.memberEntries).computeIfPresent(action.id(),
				(id, count) -> (count > 1) ? count - 1 : null);
	}

	/** Hands the data plane the current members and groups, if they changed. */
	void publish() {
		if (!this.dirty) {
			return;
		}
		int[] memberIds = new int[this.members.size()];
		ActionCall[] calls = new ActionCall[memberIds.length];
		int i = 0;
		for (Map.Entry<Integer, Member> member : this.members.entrySet()) {
			memberIds[i] = member.getKey();
			calls[i++] = member.getValue().call();
		}
		int[] groupIds = new int[this.groups.size()];
		ActionCall[][] drawn = new ActionCall[groupIds.length][];
		i = 0;
		for (ActionProfileGroup group : this.groups.values()) {
			groupIds[i] = group.getGroupId();
			drawn[i++] = draw(group);
		}
		this.lookup.publish(memberIds, calls, groupIds, drawn);
		this.dirty = false;
	}

	/** No members, no groups, no references: a freshly started switch. */
	void reset() {
		this.members.clear();
		this.groups.clear();
		this.memberEntries.clear();
		this.groupEntries.clear();
		this.dirty = true;
		publish();
	}

	/** The group's members in member-id order, each as often as its weight. */
	private ActionCall[] draw(ActionProfileGroup group) {
		TreeMap<Integer, Integer> weights = new TreeMap<>();
		group.getMembersList().forEach((m) -> weights.put(m.getMemberId(), m.getWeight()));
		int total = weights.values().stream().mapToInt(Integer::intValue).sum();
		if (total == 0) {
			return ActionProfileLookup.noMembers();
		}
		ActionCall[] drawn = new ActionCall[total];
		int at = 0;
		for (Map.Entry<Integer, Integer> member : weights.entrySet()) {
			ActionCall call = this.members.get(member.getKey()).call();
			for (int w = 0; w < member.getValue(); w++) {
				drawn[at++] = call;
			}
		}
		return drawn;
	}

	private ActionCall memberAction(ActionProfileMember member) {
		if (!member.hasAction()) {
			throw EntityRejected.invalid(what() + " member " + unsigned(member.getMemberId()) + " needs an action");
		}
		ActionCall call = new ActionCall(this.actions.canonical(member.getAction()));
		if (this.table.actionRef(call.actionId())
			.map(ActionRef::getScope)
			.orElse(null) == ActionRef.Scope.DEFAULT_ONLY) {
			throw EntityRejected.invalid(
					String.format("action 0x%08x can only be the default action of table %s, " + "not a member of %s",
							call.actionId(), this.table.name(), name()));
		}
		return call;
	}

	private ActionProfileMember stored(ActionProfileMember member, ActionCall call) {
		return ActionProfileMember.newBuilder()
			.setActionProfileId(id())
			.setMemberId(member.getMemberId())
			.setAction(call.toProto())
			.build();
	}

	/**
	 * The group as it is read back, once its members exist, are listed once with a
	 * positive weight and no watch port, and fit its max_size (§9.2.2).
	 */
	private ActionProfileGroup checkedGroup(ActionProfileGroup group) {
		String what = what() + " group " + unsigned(group.getGroupId());
		int maxSize = group.getMaxSize();
		long maxGroupSize = this.info.getMaxGroupSize();
		if (maxSize < 0 || (maxGroupSize > 0 && (maxSize == 0 || maxSize > maxGroupSize))) {
			throw EntityRejected.invalid(what + ": max_size " + maxSize + " is outside "
					+ ((maxGroupSize > 0) ? "1.." + maxGroupSize + " (max_group_size)" : "0 and up"));
		}
		Set<Integer> seen = new HashSet<>();
		long size = 0;
		for (ActionProfileGroup.Member member : group.getMembersList()) {
			if (!seen.add(member.getMemberId())) {
				throw EntityRejected
					.invalid(what + ": member " + unsigned(member.getMemberId()) + " is listed twice; use its weight");
			}
			if (member.getWeight() <= 0) {
				throw EntityRejected
					.invalid(what + ": member " + unsigned(member.getMemberId()) + " has weight " + member.getWeight());
			}
			if (member.getWatchKindCase() != ActionProfileGroup.Member.WatchKindCase.WATCHKIND_NOT_SET) {
				throw new EntityRejected(Status.Code.UNIMPLEMENTED,
						what + ": the emulator does not watch ports; leave watch_port empty");
			}
			existingMember(member.getMemberId());
			size += member.getWeight();
		}
		long limit = (maxSize > 0) ? maxSize : maxGroupSize;
		if (limit > 0 && size > limit) {
			throw new EntityRejected(Status.Code.RESOURCE_EXHAUSTED,
					what + ": its members weigh " + size + ", more than its max_size " + limit);
		}
		return group.toBuilder().setActionProfileId(id()).build();
	}

	private Member existingMember(int id) {
		Member member = this.members.get(id);
		if (member == null) {
			throw new EntityRejected(Status.Code.NOT_FOUND, what() + " has no member " + unsigned(id));
		}
		return member;
	}

	private ActionProfileGroup existingGroup(int id) {
		ActionProfileGroup group = this.groups.get(id);
		if (group == null) {
			throw new EntityRejected(Status.Code.NOT_FOUND, what() + " has no group " + unsigned(id));
		}
		return group;
	}

	private int checkMemberId(int id) {
		if (id == 0) {
			throw EntityRejected.invalid(what() + ": member ids start at 1 (0 reads every member)");
		}
		return id;
	}

	private int checkGroupId(int id) {
		if (!hasSelector()) {
			throw EntityRejected.invalid(what() + " is an action profile without selector: it has no groups");
		}
		if (id == 0) {
			throw EntityRejected.invalid(what() + ": group ids start at 1 (0 reads every group)");
		}
		return id;
	}

	private String what() {
		return "action profile " + name();
	}

	private static String unsigned(int id) {
		return Integer.toUnsignedString(id);
	}

}
