package io.sonde.p4runtime.entity;

import io.sonde.p4runtime.TestP4Info;
import io.sonde.p4runtime.arbitration.ElectionIds;
import org.junit.jupiter.api.Test;
import p4.v1.ReadRequest;
import p4.v1.TableEntry;
import p4.v1.Update;
import p4.v1.WriteRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WriteRequestsTests {

	private final TableEntry entry = new TableEntries(TestP4Info.index()).table("ipv4_lpm")
		.lpm("hdr.ipv4.dstAddr", 0x0a000000, 8)
		.action("drop")
		.build();

	@Test
	void stampsDeviceRoleAndElectionIdOnEveryWrite() {
		WriteRequests session = WriteRequests.forDevice(7, ElectionIds.of(42)).withRole("sonde");
		WriteRequest request = session.write(Updates.insert(this.entry), Updates.delete(this.entry));
		assertThat(request.getDeviceId()).isEqualTo(7);
		assertThat(request.getRole()).isEqualTo("sonde");
		assertThat(request.getElectionId()).isEqualTo(ElectionIds.of(42));
		assertThat(request.getAtomicity()).isEqualTo(WriteRequest.Atomicity.CONTINUE_ON_ERROR);
		assertThat(request.getUpdatesList()).extracting(Update::getType)
			.containsExactly(Update.Type.INSERT, Update.Type.DELETE);
		assertThat(request.getUpdates(0).getEntity().getTableEntry()).isEqualTo(this.entry);
	}

	@Test
	void keepsTheDefaultRoleEmptyAndTheElectionIdSetEvenAtZero() {
		WriteRequest request = WriteRequests.forDevice(1, ElectionIds.of(0)).write(Updates.modify(this.entry));
		assertThat(request.getRole()).isEmpty();
		assertThat(request.hasElectionId()).isTrue();
	}

	@Test
	void replacesTheElectionIdAfterANewElection() {
		WriteRequests session = WriteRequests.forDevice(1, ElectionIds.of(1));
		assertThat(session.withElectionId(ElectionIds.of(2)).write().getElectionId()).isEqualTo(ElectionIds.of(2));
		assertThat(session.electionId()).isEqualTo(ElectionIds.of(1));
	}

	@Test
	void buildsReadsWithoutElectionId() {
		ReadRequest read = WriteRequests.forDevice(3, ElectionIds.of(9))
			.withRole("r")
			.read(Entities.of(TableEntry.getDefaultInstance()));
		assertThat(read.getDeviceId()).isEqualTo(3);
		assertThat(read.getRole()).isEqualTo("r");
		assertThat(read.getEntities(0).hasTableEntry()).isTrue();
	}

	@Test
	void rejectsDeviceIdZero() {
		assertThatIllegalArgumentException().isThrownBy(() -> WriteRequests.forDevice(0, ElectionIds.of(1)));
	}

}
