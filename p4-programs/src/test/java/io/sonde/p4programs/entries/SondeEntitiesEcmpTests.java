package io.sonde.p4programs.entries;

import java.util.List;
import java.util.stream.IntStream;

import io.sonde.p4programs.SondePipeline;
import io.sonde.p4runtime.bytes.Bytestrings;
import io.sonde.p4runtime.entity.InvalidEntity;
import org.junit.jupiter.api.Test;
import p4.v1.ActionProfileGroup;
import p4.v1.Entity;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** sonde.p4's ECMP entities and per-switch values, named through its P4Info. */
class SondeEntitiesEcmpTests {

	private final SondeEntities entities = SondeEntities.ofPipeline();

	@Test
	void routesADestinationToAGroupThatNextHopBindsToTheSelectorsGroup() {
		TableEntry route = this.entities.routeToGroup(0x0A000102, 32, 5).getTableEntry();
		TableEntry nextHop = this.entities.nextHop(5).getTableEntry();

		assertThat(route.getTableId()).isEqualTo(SondePipeline.p4Info().table(SondeEntities.IPV4_LPM).id());
		assertThat(route.getAction().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("set_next_hop_group").id());
		assertThat(nextHop.getTableId()).isEqualTo(SondePipeline.p4Info().table(SondeEntities.NEXT_HOP).id());
		assertThat(nextHop.getMatch(0).getExact().getValue().byteAt(0)).isEqualTo((byte) 5);
		assertThat(nextHop.getAction().getActionProfileGroupId()).isEqualTo(5);
	}

	@Test
	void givesEveryGroupTheSelectorsMaximumSoMembershipCanChangeByModify() {
		Entity group = this.entities.nextHopGroup(3, List.of(1, 2));
		ActionProfileGroup written = group.getActionProfileGroup();

		assertThat(written.getActionProfileId()).isEqualTo(0x11000010);
		assertThat(written.getMaxSize()).isEqualTo(16).isEqualTo(this.entities.maxGroupSize());
		assertThat(written.getMembersList()).extracting((m) -> m.getMemberId()).containsExactly(1, 2);
		assertThatExceptionOfType(InvalidEntity.class)
			.isThrownBy(() -> this.entities.nextHopGroup(3, IntStream.rangeClosed(1, 17).boxed().toList()))
			.withMessageContaining("17 members exceed");
	}

	@Test
	void buildsAMemberRunningSetNextHop() {
		Entity member = this.entities.nextHopMember(4, 4, 0x0000_0a00_0004L);

		assertThat(member.getActionProfileMember().getMemberId()).isEqualTo(4);
		assertThat(member.getActionProfileMember().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("set_next_hop").id());
	}

	@Test
	void seedsEachSwitchDifferentlyAndTheSameEveryTime() {
		assertThat(SondeEntities.ecmpSaltOf("agg-0-0")).isEqualTo(SondeEntities.ecmpSaltOf("agg-0-0"))
			.isNotEqualTo(SondeEntities.ecmpSaltOf("agg-0-1"))
			.isBetween(0L, 0xFFFF_FFFFL);
	}

	@Test
	void setsTheSaltAsTheDefaultEntryOfItsKeylessTable() {
		TableEntry salt = this.entities.ecmpSalt(0x9E37_79B9L).getTableEntry();
		assertThat(salt.getTableId()).isEqualTo(SondePipeline.p4Info().table(SondeEntities.ECMP_SALT).id());
		assertThat(salt.getIsDefaultAction()).isTrue();
		assertThat(salt.getMatchList()).isEmpty();
		assertThat(salt.getAction().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("SondeIngress.forwarding.set_ecmp_salt").id());
		assertThat(Bytestrings.toLong(salt.getAction().getAction().getParams(0).getValue())).isEqualTo(0x9E37_79B9L);
	}

	@Test
	void setsTheNodeIdAsTheDefaultEntryOfItsKeylessTable() {
		TableEntry node = this.entities.nodeId(7).getTableEntry();
		assertThat(node.getTableId()).isEqualTo(SondePipeline.p4Info().table(SondeEntities.INT_NODE_ID).id());
		assertThat(node.getIsDefaultAction()).isTrue();
		assertThat(node.getAction().getAction().getActionId())
			.isEqualTo(SondePipeline.p4Info().action("SondeEgress.set_int_node_id").id());
		assertThat(Bytestrings.toLong(node.getAction().getAction().getParams(0).getValue())).isEqualTo(7);
	}

	@Test
	void readsTheDefaultEntryOfEachKeylessTable() {
		assertThat(SondeEntities.DEFAULT_ENTRY_TABLES).allSatisfy((table) -> {
			TableEntry read = this.entities.defaultEntryRead(table).getTableEntry();
			assertThat(read.getTableId()).isEqualTo(SondePipeline.p4Info().table(table).id());
			assertThat(read.getIsDefaultAction()).isTrue();
			assertThat(read.hasAction()).isFalse();
			assertThat(SondePipeline.p4Info().table(table).matchFields()).isEmpty();
		});
	}

}
