package io.sonde.p4runtime.entity;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.protobuf.ByteString;
import io.sonde.p4runtime.bytes.BytestringRejected;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.info.ActionInfo;
import io.sonde.p4runtime.info.ActionParamInfo;
import io.sonde.p4runtime.info.P4InfoIndex;
import io.sonde.p4runtime.info.TableInfo;
import p4.config.v1.ActionProfile;
import p4.config.v1.ActionRef;
import p4.v1.Action;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;

/**
 * Members and groups of action profiles and selectors by name (P4Runtime spec §9.2),
 * checked as a server would check them: a member's action must be one the profile's
 * tables may run, with every parameter; a group lists distinct members, weight 1 each,
 * and its {@code max_size} respects the profile's {@code max_group_size}.
 *
 * <pre class="code">
 * ActionProfileMember member = profiles.member("MyIngress.ecmp_selector", 1)
 * 	.action("MyIngress.set_nhop")
 * 	.param("port", 1)
 * 	.build();
 * ActionProfileGroup group = profiles.group("MyIngress.ecmp_selector", 10, 4, List.of(1, 2));
 * </pre>
 */
public final class ActionProfileEntries {

	private final P4InfoIndex p4Info;

	public ActionProfileEntries(P4InfoIndex p4Info) {
		this.p4Info = p4Info;
	}

	/** Starts member {@code memberId} (from 1) of the named profile. */
	public MemberBuilder member(String profile, int memberId) {
		ActionProfile info = this.p4Info.actionProfile(profile);
		if (memberId == 0) {
			throw InvalidEntity.invalid(describe(info), "member ids start at 1");
		}
		return new MemberBuilder(info, memberId);
	}

	/**
	 * Group {@code groupId} (from 1) of the named selector, holding {@code memberIds}
	 * with weight 1.
	 * @param maxSize the most members the group may ever hold; fixed when the group is
	 * inserted
	 */
	public ActionProfileGroup group(String selector, int groupId, int maxSize, List<Integer> memberIds) {
		ActionProfile info = this.p4Info.actionProfile(selector);
		String entity = describe(info);
		if (!info.getWithSelector()) {
			throw InvalidEntity.invalid(entity, "groups need an action selector; this profile has none");
		}
		if (groupId == 0) {
			throw InvalidEntity.invalid(entity, "group ids start at 1");
		}
		if (maxSize < 0 || (info.getMaxGroupSize() > 0 && (maxSize == 0 || maxSize > info.getMaxGroupSize()))) {
			throw InvalidEntity.invalid(entity,
					"max_size " + maxSize + " is outside 1.." + info.getMaxGroupSize() + " (spec §9.2.2)");
		}
		if (maxSize > 0 && memberIds.size() > maxSize) {
			throw InvalidEntity.invalid(entity, memberIds.size() + " members exceed the group's max_size " + maxSize);
		}
		ActionProfileGroup.Builder group = ActionProfileGroup.newBuilder()
			.setActionProfileId(info.getPreamble().getId())
			.setGroupId(groupId)
			.setMaxSize(maxSize);
		Set<Integer> seen = new HashSet<>();
		for (int memberId : memberIds) {
			if (!seen.add(memberId)) {
				throw InvalidEntity.invalid(entity, "member " + memberId + " is listed twice: use its weight");
			}
			group.addMembers(ActionProfileGroup.Member.newBuilder().setMemberId(memberId).setWeight(1));
		}
		return group.build();
	}

	/** A read filter for every member of the profile (member_id 0). */
	public ActionProfileMember allMembersOf(String profile) {
		return ActionProfileMember.newBuilder()
			.setActionProfileId(this.p4Info.actionProfile(profile).getPreamble().getId())
			.build();
	}

	/** A read filter for every group of the selector (group_id 0). */
	public ActionProfileGroup allGroupsOf(String selector) {
		return ActionProfileGroup.newBuilder()
			.setActionProfileId(this.p4Info.actionProfile(selector).getPreamble().getId())
			.build();
	}

	private static String describe(ActionProfile info) {
		return "action profile " + info.getPreamble().getName();
	}

	/** One member under construction: its action and the action's parameters. */
	public final class MemberBuilder {

		private final ActionProfile profile;

		private final int memberId;

		private final Map<ActionParamInfo, ByteString> params = new LinkedHashMap<>();

		private ActionInfo action;

		private MemberBuilder(ActionProfile profile, int memberId) {
			this.profile = profile;
			this.memberId = memberId;
		}

		/**
		 * The member's action: one the profile's tables list for their entries (not a
		 * default-only one).
		 */
		public MemberBuilder action(String actionName) {
			ActionInfo chosen = ActionProfileEntries.this.p4Info.action(actionName);
			for (int tableId : this.profile.getTableIdsList()) {
				TableInfo table = ActionProfileEntries.this.p4Info.table(tableId);
				ActionRef ref = table.actionRef(chosen.id())
					.orElseThrow(() -> InvalidEntity.invalid(describe(this.profile),
							"action " + chosen.name() + " is not an action of table " + table.name()));
				if (ref.getScope() == ActionRef.Scope.DEFAULT_ONLY) {
					throw InvalidEntity.invalid(describe(this.profile),
							"action " + chosen.name() + " can only be the default action of " + table.name());
				}
			}
			this.action = chosen;
			this.params.clear();
			return this;
		}

		public MemberBuilder param(String name, long value) {
			return param(name, BigInteger.valueOf(value));
		}

		public MemberBuilder param(String name, BigInteger value) {
			ActionParamInfo param = requireAction().param(name);
			try {
				this.params.put(param, Bytestrings.encode(value, param.bitwidth()));
			}
			catch (BytestringRejected ex) {
				throw new InvalidEntity(describe(this.profile), ex.code(),
						"parameter " + name + ": " + ex.getMessage());
			}
			return this;
		}

		public ActionProfileMember build() {
			Action.Builder built = Action.newBuilder().setActionId(requireAction().id());
			for (ActionParamInfo param : this.action.params()) {
				ByteString value = this.params.get(param);
				if (value == null) {
					throw InvalidEntity.invalid(describe(this.profile),
							"action " + this.action.name() + " misses parameter " + param.name());
				}
				built.addParams(Action.Param.newBuilder().setParamId(param.id()).setValue(value));
			}
			return ActionProfileMember.newBuilder()
				.setActionProfileId(this.profile.getPreamble().getId())
				.setMemberId(this.memberId)
				.setAction(built)
				.build();
		}

		private ActionInfo requireAction() {
			if (this.action == null) {
				throw InvalidEntity.invalid(describe(this.profile), "member " + this.memberId + " has no action yet");
			}
			return this.action;
		}

	}

}
