package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.List;

import io.grpc.Status;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.TableEntries;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.Test;
import p4.v1.ActionProfileActionSet;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.Entity;
import p4.v1.TableAction;
import p4.v1.TableEntry;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Members and groups of sonde.p4's {@code next_hop_selector} (P4Runtime spec §9.2) and
 * the indirect {@code next_hop} table that names them: each rule of the specification
 * answered with its code, and what the data plane then sees.
 */
class ActionProfileRulesTests {

	private static final int SELECTOR = SondePipeline.p4Info()
		.actionProfile(SondeEntities.NEXT_HOP_SELECTOR)
		.getPreamble()
		.getId();

	private final SwitchState state = new SwitchState(SondePipeline.p4Info());

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private final TableEntries tables = new TableEntries(SondePipeline.p4Info());

	private Status.Code write(Update.Type type, Entity entity) {
		return this.state.write(List.of(Updates.of(type, entity))).get(0).getCode();
	}

	private Status.Code insert(Entity entity) {
		return write(Update.Type.INSERT, entity);
	}

	private Entity member(int id, int port) {
		return this.entities.nextHopMember(id, port, 0x0A00_0000_0000L + port);
	}

	private static Entity group(int id, int maxSize, int... members) {
		ActionProfileGroup.Builder group = ActionProfileGroup.newBuilder()
			.setActionProfileId(SELECTOR)
			.setGroupId(id)
			.setMaxSize(maxSize);
		for (int member : members) {
			group.addMembers(ActionProfileGroup.Member.newBuilder().setMemberId(member).setWeight(1));
		}
		return Entity.newBuilder().setActionProfileGroup(group).build();
	}

	/** A {@code next_hop} entry naming a member rather than a group. */
	private Entity memberEntry(int groupId, int memberId) {
		return Entities.of(this.tables.table(SondeEntities.NEXT_HOP)
			.exact("group_id", groupId)
			.actionProfileMember(memberId)
			.build());
	}

	private List<Entity> read(Entity filter) {
		List<Entity> found = new ArrayList<>();
		this.state.read(filter, found::add);
		return found;
	}

	private void twoMembersInGroupSeven() {
		assertThat(insert(member(1, 1))).isEqualTo(Status.Code.OK);
		assertThat(insert(member(2, 2))).isEqualTo(Status.Code.OK);
		assertThat(insert(group(7, 16, 1, 2))).isEqualTo(Status.Code.OK);
	}

	@Test
	void membersAndGroupsAreReadBackAsWrittenAndReachTheDataPlane() {
		twoMembersInGroupSeven();
		assertThat(insert(this.entities.nextHop(7))).isEqualTo(Status.Code.OK);

		assertThat(read(Entities.of(ActionProfileMember.newBuilder().setActionProfileId(SELECTOR).build())))
			.extracting((e) -> e.getActionProfileMember())
			.containsExactly(member(1, 1).getActionProfileMember(), member(2, 2).getActionProfileMember());
		assertThat(read(Entities.of(ActionProfileGroup.getDefaultInstance()))).extracting(Entity::getActionProfileGroup)
			.containsExactly(group(7, 16, 1, 2).getActionProfileGroup());
		assertThat(read(Entities.of(this.tables.allOf(SondeEntities.NEXT_HOP))))
			.extracting((e) -> e.getTableEntry().getAction().getActionProfileGroupId())
			.containsExactly(7);
		ActionProfileLookup selector = this.state.actionProfile(SELECTOR);
		assertThat(selector.group(7)).extracting((call) -> call.param(0)).containsExactly(1L, 2L);
		assertThat(selector.member(2).param(0)).isEqualTo(2);
		assertThat(selector.group(8)).isNull();
	}

	@Test
	void aModifiedGroupOrMemberChangesWhatEveryEntryNamingItRuns() {
		twoMembersInGroupSeven();
		insert(member(3, 3));

		assertThat(write(Update.Type.MODIFY, group(7, 16, 1, 3))).isEqualTo(Status.Code.OK);
		assertThat(write(Update.Type.MODIFY, member(1, 9))).isEqualTo(Status.Code.OK);

		assertThat(this.state.actionProfile(SELECTOR).group(7)).extracting((call) -> call.param(0))
			.containsExactly(9L, 3L);
	}

	@Test
	void aGroupNamingAMissingMemberIsNotFound() {
		insert(member(1, 1));

		assertThat(insert(group(7, 16, 1, 4))).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(read(Entities.of(ActionProfileGroup.getDefaultInstance()))).isEmpty();
	}

	@Test
	void aMemberInAGroupOrNamedByAnEntryCannotBeDeleted() {
		twoMembersInGroupSeven();
		insert(member(3, 3));
		insert(memberEntry(9, 3));

		assertThat(write(Update.Type.DELETE, member(1, 1))).isEqualTo(Status.Code.FAILED_PRECONDITION);
		assertThat(write(Update.Type.DELETE, member(3, 3))).isEqualTo(Status.Code.FAILED_PRECONDITION);
		assertThat(write(Update.Type.MODIFY, group(7, 16, 2))).isEqualTo(Status.Code.OK);
		assertThat(write(Update.Type.DELETE, member(1, 1))).isEqualTo(Status.Code.OK);
		assertThat(write(Update.Type.DELETE, member(1, 1))).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void aGroupAnEntryNamesCannotBeDeletedUntilTheEntryGoes() {
		twoMembersInGroupSeven();
		insert(this.entities.nextHop(7));

		assertThat(write(Update.Type.DELETE, group(7, 0))).isEqualTo(Status.Code.FAILED_PRECONDITION);
		assertThat(write(Update.Type.DELETE, this.entities.nextHop(7))).isEqualTo(Status.Code.OK);
		assertThat(write(Update.Type.DELETE, group(7, 0))).isEqualTo(Status.Code.OK);
		assertThat(this.state.actionProfile(SELECTOR).group(7)).isNull();
	}

	@Test
	void anEntryNamingAMissingGroupOrMemberIsNotFound() {
		assertThat(insert(this.entities.nextHop(7))).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(insert(memberEntry(7, 5))).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void groupSizesFollowMaxSizeAndTheSelectorsMaxGroupSize() {
		for (int id = 1; id <= 17; id++) {
			insert(member(id, id));
		}
		int[] seventeen = java.util.stream.IntStream.rangeClosed(1, 17).toArray();

		assertThat(insert(group(1, 17, 1))).as("max_size above max_group_size 16")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(group(1, 0, 1))).as("max_size 0 under a max_group_size")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(group(1, 16, seventeen))).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(insert(group(1, 2, 1, 2, 3))).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
		assertThat(insert(group(1, 2, 1, 2))).isEqualTo(Status.Code.OK);
		assertThat(write(Update.Type.MODIFY, group(1, 3, 1, 2))).as("max_size is fixed at INSERT")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(group(1, 2, 1))).isEqualTo(Status.Code.ALREADY_EXISTS);
	}

	@Test
	void membersAreListedOnceWithAPositiveWeightAndNoWatchPort() {
		insert(member(1, 1));
		Entity twice = group(1, 16, 1, 1);
		Entity weightless = Entity.newBuilder()
			.setActionProfileGroup(group(1, 16, 1).getActionProfileGroup()
				.toBuilder()
				.setMembers(0, ActionProfileGroup.Member.newBuilder().setMemberId(1).setWeight(0)))
			.build();
		Entity watched = Entity.newBuilder()
			.setActionProfileGroup(group(1, 16, 1).getActionProfileGroup()
				.toBuilder()
				.setMembers(0,
						ActionProfileGroup.Member.newBuilder()
							.setMemberId(1)
							.setWeight(1)
							.setWatchPort(com.google.protobuf.ByteString.copyFrom(new byte[] { 1 }))))
			.build();

		assertThat(insert(twice)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(weightless)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(watched)).isEqualTo(Status.Code.UNIMPLEMENTED);
		assertThat(insert(group(0, 16, 1))).isEqualTo(Status.Code.INVALID_ARGUMENT);
	}

	@Test
	void aWeightRepeatsAMemberInTheSelectorsDraw() {
		insert(member(1, 1));
		insert(member(2, 2));
		Entity weighted = Entity.newBuilder()
			.setActionProfileGroup(group(1, 16, 1).getActionProfileGroup()
				.toBuilder()
				.addMembers(ActionProfileGroup.Member.newBuilder().setMemberId(2).setWeight(3)))
			.build();

		assertThat(insert(weighted)).isEqualTo(Status.Code.OK);
		assertThat(this.state.actionProfile(SELECTOR).group(1)).extracting((call) -> call.param(0))
			.containsExactly(1L, 2L, 2L, 2L);
	}

	@Test
	void membersRunOnlyActionsTheTableListsForEntries() {
		Entity drop = Entity.newBuilder()
			.setActionProfileMember(ActionProfileMember.newBuilder()
				.setActionProfileId(SELECTOR)
				.setMemberId(1)
				.setAction(p4.v1.Action.newBuilder().setActionId(SondePipeline.p4Info().action("drop").id())))
			.build();
		Entity noAction = Entity.newBuilder()
			.setActionProfileMember(ActionProfileMember.newBuilder()
				.setActionProfileId(SELECTOR)
				.setMemberId(1)
				.setAction(p4.v1.Action.newBuilder().setActionId(SondePipeline.p4Info().action("NoAction").id())))
			.build();
		Entity actionless = Entity.newBuilder()
			.setActionProfileMember(ActionProfileMember.newBuilder().setActionProfileId(SELECTOR).setMemberId(1))
			.build();

		assertThat(insert(drop)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(noAction)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(actionless)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		Entity memberZero = Entity.newBuilder()
			.setActionProfileMember(member(1, 1).getActionProfileMember().toBuilder().setMemberId(0))
			.build();
		assertThat(insert(memberZero)).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(member(1, 1))).isEqualTo(Status.Code.OK);
		assertThat(insert(member(1, 2))).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(write(Update.Type.MODIFY, member(2, 2))).isEqualTo(Status.Code.NOT_FOUND);
	}

	@Test
	void theIndirectTableTakesNeitherActionsNorOneShotsNorANewDefault() {
		twoMembersInGroupSeven();
		TableEntry direct = TableEntry.newBuilder()
			.setTableId(SondePipeline.p4Info().table(SondeEntities.NEXT_HOP).id())
			.addAllMatch(this.entities.nextHop(7).getTableEntry().getMatchList())
			.setAction(TableAction.newBuilder().setAction(member(1, 1).getActionProfileMember().getAction()))
			.build();
		TableEntry oneShot = direct.toBuilder()
			.setAction(TableAction.newBuilder().setActionProfileActionSet(ActionProfileActionSet.getDefaultInstance()))
			.build();
		TableEntry defaultEntry = TableEntry.newBuilder()
			.setTableId(direct.getTableId())
			.setIsDefaultAction(true)
			.build();

		assertThat(insert(Entities.of(direct))).isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(insert(Entities.of(oneShot))).isEqualTo(Status.Code.UNIMPLEMENTED);
		assertThat(write(Update.Type.MODIFY, Entities.of(defaultEntry))).isEqualTo(Status.Code.PERMISSION_DENIED);
	}

	@Test
	void aResetSwitchHoldsNoMembersOrGroups() {
		twoMembersInGroupSeven();
		insert(this.entities.nextHop(7));

		this.state.reset();

		assertThat(read(Entities.of(ActionProfileMember.getDefaultInstance()))).isEmpty();
		assertThat(this.state.actionProfile(SELECTOR).group(7)).isNull();
		assertThat(insert(member(1, 1))).isEqualTo(Status.Code.OK);
	}

}
