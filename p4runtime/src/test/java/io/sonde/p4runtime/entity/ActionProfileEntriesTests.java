package io.sonde.p4runtime.entity;

import java.util.List;

import com.google.protobuf.ByteString;
import io.sonde.p4runtime.TestP4Info;
import org.junit.jupiter.api.Test;
import p4.v1.ActionProfileGroup;
import p4.v1.ActionProfileMember;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ActionProfileEntriesTests {

	private final ActionProfileEntries profiles = new ActionProfileEntries(TestP4Info.index());

	private final TableEntries tables = new TableEntries(TestP4Info.index());

	@Test
	void buildsAMemberWithItsActionInCanonicalForm() {
		ActionProfileMember member = this.profiles.member("ecmp_selector", 3)
			.action("MyIngress.set_nhop")
			.param("port", 2)
			.param("dmac", 0x0a0b)
			.build();

		assertThat(member.getActionProfileId()).isEqualTo(0x11000001);
		assertThat(member.getMemberId()).isEqualTo(3);
		assertThat(member.getAction().getActionId()).isEqualTo(0x01000001);
		assertThat(member.getAction().getParamsList()).extracting((p) -> p.getValue())
			.containsExactly(ByteString.copyFrom(new byte[] { 2 }), ByteString.copyFrom(new byte[] { 0x0a, 0x0b }));
	}

	@Test
	void refusesAMemberWhoseActionTheTablesCannotRunOrThatMissesAParameter() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.member("ecmp_selector", 1).action("MyIngress.drop"))
			.withMessageContaining("not an action of table MyIngress.ecmp");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.member("ecmp_selector", 1).action("NoAction"))
			.withMessageContaining("can only be the default action");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.member("ecmp_selector", 1).action("set_nhop").param("port", 1).build())
			.withMessageContaining("misses parameter dmac");
		assertThatExceptionOfType(InvalidEntity.class).isThrownBy(() -> this.profiles.member("ecmp_selector", 0))
			.withMessageContaining("member ids start at 1");
	}

	@Test
	void buildsAGroupOfDistinctMembersWithinTheSelectorsMaximum() {
		ActionProfileGroup group = this.profiles.group("MyIngress.ecmp_selector", 7, 4, List.of(1, 2));

		assertThat(group.getGroupId()).isEqualTo(7);
		assertThat(group.getMaxSize()).isEqualTo(4);
		assertThat(group.getMembersList()).extracting((m) -> m.getMemberId()).containsExactly(1, 2);
		assertThat(group.getMembersList()).extracting((m) -> m.getWeight()).containsOnly(1);
	}

	@Test
	void refusesGroupsTheServerWouldRefuse() {
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.group("ecmp_selector", 1, 4, List.of(1, 1)))
			.withMessageContaining("listed twice");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.group("ecmp_selector", 1, 5, List.of(1)))
			.withMessageContaining("max_size 5 is outside 1..4");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.group("ecmp_selector", 1, 2, List.of(1, 2, 3)))
			.withMessageContaining("exceed the group's max_size 2");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.profiles.group("ecmp_selector", 0, 2, List.of(1)))
			.withMessageContaining("group ids start at 1");
	}

	@Test
	void pointsAnIndirectTableEntryAtAGroupButNeverADirectOne() {
		TableEntry entry = this.tables.table("MyIngress.ecmp").exact("meta.group", 7).actionProfileGroup(7).build();

		assertThat(entry.getAction().getActionProfileGroupId()).isEqualTo(7);
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.tables.table("MyIngress.ecmp").exact("meta.group", 7).action("set_nhop"))
			.withMessageContaining("indirect table");
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.tables.table("MyIngress.ipv4_lpm").actionProfileMember(1))
			.withMessageContaining("direct table");
	}

	@Test
	void readsEveryMemberAndGroupOfOneProfile() {
		assertThat(this.profiles.allMembersOf("ecmp_selector").getMemberId()).isZero();
		assertThat(this.profiles.allMembersOf("ecmp_selector").getActionProfileId()).isEqualTo(0x11000001);
		assertThat(this.profiles.allGroupsOf("ecmp_selector").getGroupId()).isZero();
	}

}
