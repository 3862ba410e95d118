package io.sonde.emulator.state;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.Test;
import p4.v1.CloneSessionEntry;
import p4.v1.Entity;
import p4.v1.MulticastGroupEntry;
import p4.v1.PacketReplicationEngineEntry;
import p4.v1.Replica;
import p4.v1.Update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Clone sessions of the packet replication engine (P4Runtime spec §9.5.2): writes with
 * the spec's codes, reads, and the data plane's lookup.
 */
class CloneSessionTests {

	private final SwitchState state = new SwitchState(TestPrograms.everyKind());

	private static Replica toPort(int port) {
		return Replica.newBuilder()
			.setPort(ByteString.copyFrom(new byte[] { (byte) (port >> 8), (byte) port }))
			.build();
	}

	@SuppressWarnings("deprecation")
	private static Replica toLegacyPort(int port, int instance) {
		return Replica.newBuilder().setEgressPort(port).setInstance(instance).build();
	}

	private static CloneSessionEntry session(int id, int truncateTo, Replica... replicas) {
		return CloneSessionEntry.newBuilder()
			.setSessionId(id)
			.setPacketLengthBytes(truncateTo)
			.addAllReplicas(List.of(replicas))
			.build();
	}

	private static Entity entity(CloneSessionEntry entry) {
		return Entities.of(PacketReplicationEngineEntry.newBuilder().setCloneSessionEntry(entry).build());
	}

	private Status.Code write(Update.Type type, CloneSessionEntry entry) {
		return this.state.write(List.of(Updates.of(type, entity(entry)))).get(0).getCode();
	}

	private List<CloneSessionEntry> read(int sessionId) {
		List<CloneSessionEntry> found = new ArrayList<>();
		this.state.read(entity(CloneSessionEntry.newBuilder().setSessionId(sessionId).build()),
				(e) -> found.add(e.getPacketReplicationEngineEntry().getCloneSessionEntry()));
		return found;
	}

	@Test
	void anInsertedSessionIsWhatTheDataPlaneFinds() {
		assertThat(write(Update.Type.INSERT, session(500, 0, toPort(510)))).isEqualTo(Status.Code.OK);

		CloneSession session = this.state.cloneSession(500);
		assertThat(session.firstEgressPort()).isEqualTo(510);
		assertThat(session.egressPorts()).containsExactly(510);
		assertThat(session.truncates()).isFalse();
		assertThat(session.copyLength(1500)).isEqualTo(1500);
		assertThat(this.state.cloneSession(501)).as("a session never written").isNull();
	}

	@Test
	void aTruncatingSessionCutsCopiesLongerThanItsLength() {
		write(Update.Type.INSERT, session(7, 128, toPort(3), toPort(4)));

		CloneSession session = this.state.cloneSession(7);
		assertThat(session.truncates()).isTrue();
		assertThat(session.copyLength(1000)).isEqualTo(128);
		assertThat(session.copyLength(64)).as("a shorter packet is not padded").isEqualTo(64);
		assertThat(session.egressPorts()).containsExactly(3, 4);
	}

	@Test
	void insertingAnExistingSessionIsAlreadyExists() {
		write(Update.Type.INSERT, session(500, 0, toPort(1)));

		assertThat(write(Update.Type.INSERT, session(500, 0, toPort(2)))).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(this.state.cloneSession(500).firstEgressPort()).as("the first insert stands").isEqualTo(1);
	}

	@Test
	void modifyReplacesTheSessionAndNeedsItToExist() {
		assertThat(write(Update.Type.MODIFY, session(9, 0, toPort(1)))).isEqualTo(Status.Code.NOT_FOUND);
		write(Update.Type.INSERT, session(9, 0, toPort(1)));

		assertThat(write(Update.Type.MODIFY, session(9, 200, toPort(2)))).isEqualTo(Status.Code.OK);

		assertThat(this.state.cloneSession(9).firstEgressPort()).isEqualTo(2);
		assertThat(this.state.cloneSession(9).packetLengthBytes()).isEqualTo(200);
	}

	@Test
	void deleteRemovesTheSessionAndNeedsItToExist() {
		assertThat(write(Update.Type.DELETE, session(9, 0))).isEqualTo(Status.Code.NOT_FOUND);
		write(Update.Type.INSERT, session(9, 0, toPort(1)));

		assertThat(write(Update.Type.DELETE, CloneSessionEntry.newBuilder().setSessionId(9).build()))
			.isEqualTo(Status.Code.OK);

		assertThat(this.state.cloneSession(9)).isNull();
		assertThat(read(0)).isEmpty();
	}

	@Test
	void sessionIdZeroIsInvalidForEveryUpdate() {
		for (Update.Type type : List.of(Update.Type.INSERT, Update.Type.MODIFY, Update.Type.DELETE)) {
			assertThat(write(type, session(0, 0, toPort(1)))).as(type.name()).isEqualTo(Status.Code.INVALID_ARGUMENT);
		}
	}

	@Test
	void badReplicasAndLengthsAreInvalidArguments() {
		assertThat(write(Update.Type.INSERT, session(1, 0, Replica.newBuilder().setInstance(1).build())))
			.as("a replica without a port")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Update.Type.INSERT, session(2, 0, toPort(512)))).as("past v1model's 9-bit ports")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Update.Type.INSERT, session(3, 0, toLegacyPort(5, 1), toLegacyPort(5, 1))))
			.as("the same (port, instance) twice")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Update.Type.INSERT, session(4, 0, Replica.newBuilder().setPort(ByteString.EMPTY).build())))
			.as("an empty port bytestring")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(write(Update.Type.INSERT, session(5, -1, toPort(1)))).as("a negative truncation length")
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThat(read(0)).as("nothing was installed").isEmpty();
	}

	@Test
	void theSamePortWithAnotherInstanceIsASecondReplica() {
		assertThat(write(Update.Type.INSERT, session(3, 0, toLegacyPort(5, 1), toLegacyPort(5, 2))))
			.isEqualTo(Status.Code.OK);

		assertThat(this.state.cloneSession(3).replicas()).containsExactly(new CloneSession.Replica(5, 1),
				new CloneSession.Replica(5, 2));
	}

	@Test
	void readsReturnSessionsAsWrittenWithCanonicalPorts() {
		write(Update.Type.INSERT, session(500, 64, toPort(3)));
		write(Update.Type.INSERT, session(7, 0, toLegacyPort(9, 0)));

		List<CloneSessionEntry> all = read(0);
		assertThat(all).extracting(CloneSessionEntry::getSessionId).containsExactly(7, 500);
		CloneSessionEntry reports = read(500).get(0);
		assertThat(reports.getReplicas(0).getPort()).as("\\x00\\x03 read back in shortest form")
			.isEqualTo(ByteString.copyFrom(new byte[] { 3 }));
		assertThat(reports.getPacketLengthBytes()).isEqualTo(64);
		assertThat(read(42)).as("a session that does not exist reads as nothing").isEmpty();
	}

	@Test
	void multicastGroupsAreUnimplementedAndEmptyEntriesInvalid() {
		Entity group = Entities.of(PacketReplicationEngineEntry.newBuilder()
			.setMulticastGroupEntry(MulticastGroupEntry.newBuilder().setMulticastGroupId(1))
			.build());
		Entity empty = Entities.of(PacketReplicationEngineEntry.getDefaultInstance());

		assertThat(this.state.write(List.of(Updates.of(Update.Type.INSERT, group))).get(0).getCode())
			.isEqualTo(Status.Code.UNIMPLEMENTED);
		assertThat(this.state.write(List.of(Updates.of(Update.Type.INSERT, empty))).get(0).getCode())
			.isEqualTo(Status.Code.INVALID_ARGUMENT);
		assertThatExceptionOfType(EntityRejected.class).isThrownBy(() -> this.state.read(group, (e) -> {
		})).satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.UNIMPLEMENTED));
	}

	@Test
	void aRestartedSwitchHasNoSessions() {
		write(Update.Type.INSERT, session(500, 0, toPort(1)));

		this.state.reset();

		assertThat(this.state.cloneSession(500)).isNull();
		assertThat(read(0)).isEmpty();
	}

}
