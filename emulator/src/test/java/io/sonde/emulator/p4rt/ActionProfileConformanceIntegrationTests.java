package io.sonde.emulator.p4rt;

import java.util.List;

import io.grpc.Status;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.p4runtime.entity.ActionProfileEntries;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.Updates;
import io.sonde.p4runtime.error.UpdateStatus;
import io.sonde.p4runtime.error.WriteRejected;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * sonde.p4's next-hop selector over a real P4Runtime connection to an emulated switch:
 * members and groups written in the order the specification asks (members, groups, then
 * the entry naming the group, each in its own Write), read back, modified and deleted,
 * and refused per update with the codes of P4Runtime §9.2.
 */
class ActionProfileConformanceIntegrationTests {

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private final ActionProfileEntries profiles = new ActionProfileEntries(SondePipeline.p4Info());

	private SwitchUnderTest sw;

	private P4RuntimeClient primary;

	@BeforeEach
	void startSwitch() {
		this.sw = SwitchUnderTest.start("agg1", 1, SondePipeline.p4Info());
		this.primary = this.sw.primaryWithPipeline();
	}

	@AfterEach
	void stopSwitch() {
		this.sw.close();
	}

	private Entity member(int port) {
		return this.entities.nextHopMember(port, port, 0x0200_0000_0000L + port);
	}

	private List<Entity> members() {
		return this.primary.read(List.of(Entities.of(this.profiles.allMembersOf(SondeEntities.NEXT_HOP_SELECTOR))));
	}

	private List<Entity> groups() {
		return this.primary.read(List.of(Entities.of(this.profiles.allGroupsOf(SondeEntities.NEXT_HOP_SELECTOR))));
	}

	private void write(Update.Type type, Entity... entities) {
		this.primary.write(List.of(entities).stream().map((entity) -> Updates.of(type, entity)).toList());
	}

	@Test
	void membersAndGroupsAreWrittenReadBackModifiedAndDeleted() {
		write(Update.Type.INSERT, member(3), member(4));
		write(Update.Type.INSERT, this.entities.nextHopGroup(12, List.of(3, 4)));
		write(Update.Type.INSERT, this.entities.nextHop(12));

		assertThat(members()).containsExactly(member(3), member(4));
		assertThat(groups()).containsExactly(this.entities.nextHopGroup(12, List.of(3, 4)));

		write(Update.Type.MODIFY, this.entities.nextHopGroup(12, List.of(4)));
		assertThat(groups()).containsExactly(this.entities.nextHopGroup(12, List.of(4)));
		assertThat(this.sw.server().state().actionProfile(SondeEntities.NEXT_HOP_SELECTOR).group(12)).hasSize(1);

		write(Update.Type.DELETE, member(3));
		write(Update.Type.DELETE, this.entities.nextHop(12));
		write(Update.Type.DELETE, this.entities.nextHopGroup(12, List.of()));
		write(Update.Type.DELETE, member(4));
		assertThat(members()).isEmpty();
		assertThat(groups()).isEmpty();
	}

	@Test
	void eachRefusedUpdateCarriesItsOwnCode() {
		write(Update.Type.INSERT, member(3));
		write(Update.Type.INSERT, this.entities.nextHopGroup(12, List.of(3)));

		assertThatExceptionOfType(WriteRejected.class)
			.isThrownBy(() -> this.primary.write(List.of(Updates.of(Update.Type.INSERT, member(4)),
					Updates.of(Update.Type.INSERT, this.entities.nextHopGroup(13, List.of(5))),
					Updates.of(Update.Type.DELETE, member(3)),
					Updates.of(Update.Type.INSERT, this.entities.nextHop(14)),
					Updates.of(Update.Type.DELETE, this.entities.nextHopGroup(12, List.of())))))
			.satisfies((ex) -> assertThat(ex.updates()).extracting(UpdateStatus::code)
				.containsExactly(Status.Code.OK, Status.Code.NOT_FOUND, Status.Code.FAILED_PRECONDITION,
						Status.Code.NOT_FOUND, Status.Code.OK));
		assertThat(members()).hasSize(2);
		assertThat(groups()).isEmpty();
	}

}
