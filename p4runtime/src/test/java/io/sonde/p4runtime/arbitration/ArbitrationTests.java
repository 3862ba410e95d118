package io.sonde.p4runtime.arbitration;

import java.util.ArrayList;
import java.util.List;

import io.grpc.Status;
import org.junit.jupiter.api.Test;
import p4.v1.MasterArbitrationUpdate;
import p4.v1.Role;
import p4.v1.Uint128;
import p4.v1.WriteRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ArbitrationTests {

	private static final long DEVICE = 1;

	private final Arbitration arbitration = new Arbitration(DEVICE);

	/** A stream whose answers are recorded. */
	private final class Client {

		final List<MasterArbitrationUpdate> received = new ArrayList<>();

		final ArbitrationStream stream = ArbitrationTests.this.arbitration.openStream(this.received::add);

		Client arbitrate(Uint128 electionId) {
			return arbitrate(DEVICE, "", electionId);
		}

		Client arbitrate(long deviceId, String role, Uint128 electionId) {
			MasterArbitrationUpdate.Builder request = MasterArbitrationUpdate.newBuilder().setDeviceId(deviceId);
			if (!role.isEmpty()) {
				request.setRole(Role.newBuilder().setName(role));
			}
			if (electionId != null) {
				request.setElectionId(electionId);
			}
			this.stream.arbitrate(request.build());
			return this;
		}

		MasterArbitrationUpdate last() {
			return this.received.get(this.received.size() - 1);
		}

		Status.Code lastCode() {
			return Status.fromCodeValue(last().getStatus().getCode()).getCode();
		}

	}

	@Test
	void makesTheFirstClientWithAnElectionIdPrimary() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		assertThat(a.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(a.last().getElectionId()).isEqualTo(ElectionIds.of(5));
		assertThat(a.last().getDeviceId()).isEqualTo(DEVICE);
		assertThat(a.stream.isPrimary()).isTrue();
		assertThat(this.arbitration.isPrimary("", ElectionIds.of(5))).isTrue();
	}

	@Test
	void tellsEveryStreamWhenAHigherElectionIdTakesOver() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		Client b = new Client().arbitrate(ElectionIds.of(10));
		assertThat(b.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(a.lastCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(a.last().getElectionId()).isEqualTo(ElectionIds.of(10));
		assertThat(a.stream.isPrimary()).isFalse();
		assertThat(b.stream.isPrimary()).isTrue();
	}

	@Test
	void answersOnlyTheNewBackupWhenThePrimaryStays() {
		Client a = new Client().arbitrate(ElectionIds.of(10));
		Client b = new Client().arbitrate(ElectionIds.of(5));
		assertThat(b.lastCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
		assertThat(b.last().getElectionId()).isEqualTo(ElectionIds.of(10));
		assertThat(a.received).hasSize(1);
	}

	@Test
	void leavesNoPrimaryWhenThePrimaryDisconnects() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		Client b = new Client().arbitrate(ElectionIds.of(10));
		b.stream.close();
		assertThat(a.lastCode()).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(a.last().getElectionId()).isEqualTo(ElectionIds.of(10));
		assertThat(this.arbitration.primaryElectionId("")).isEmpty();
		assertThat(this.arbitration.highestElectionId("")).contains(ElectionIds.of(10));
	}

	@Test
	void needsAnElectionIdAtLeastTheHighestEverSeenToBecomePrimaryAgain() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		new Client().arbitrate(ElectionIds.of(10)).stream.close();
		a.arbitrate(ElectionIds.of(7));
		assertThat(a.lastCode()).isEqualTo(Status.Code.NOT_FOUND);
		a.arbitrate(ElectionIds.of(10));
		assertThat(a.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(a.stream.isPrimary()).isTrue();
	}

	@Test
	void neverMakesAnObserverWithoutElectionIdPrimary() {
		Client observer = new Client().arbitrate(null);
		assertThat(observer.lastCode()).isEqualTo(Status.Code.NOT_FOUND);
		assertThat(observer.last().hasElectionId()).isFalse();
		Client a = new Client().arbitrate(ElectionIds.of(0));
		assertThat(a.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(observer.lastCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
		new Client().arbitrate(null);
		assertThat(this.arbitration.streamCount("")).isEqualTo(3);
	}

	@Test
	void treatsElectionIdZeroAsSetAndDistinctFromUnset() {
		new Client().arbitrate(ElectionIds.of(0));
		assertThat(this.arbitration.isPrimary("", ElectionIds.of(0))).isTrue();
		assertThat(this.arbitration.isPrimary("", null)).isFalse();
		assertThatExceptionOfType(NotPrimary.class)
			.isThrownBy(() -> this.arbitration.requirePrimary(WriteRequest.newBuilder().setDeviceId(DEVICE).build()));
	}

	@Test
	void rejectsAnElectionIdUsedByAnotherLiveStream() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		Client b = new Client();
		assertThatExceptionOfType(ArbitrationRejected.class).isThrownBy(() -> b.arbitrate(ElectionIds.of(5)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
		assertThat(a.stream.isPrimary()).isTrue();
		assertThat(this.arbitration.streamCount("")).isEqualTo(1);
	}

	@Test
	void acceptsTheSameElectionIdInAnotherRole() {
		new Client().arbitrate(ElectionIds.of(5));
		Client other = new Client().arbitrate(DEVICE, "telemetry", ElectionIds.of(5));
		assertThat(other.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(other.last().getRole().getName()).isEqualTo("telemetry");
		assertThat(this.arbitration.isPrimary("telemetry", ElectionIds.of(5))).isTrue();
	}

	@Test
	void rejectsDeviceIdZeroAndUnknownDevices() {
		assertThatExceptionOfType(ArbitrationRejected.class)
			.isThrownBy(() -> new Client().arbitrate(0, "", ElectionIds.of(1)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.INVALID_ARGUMENT));
		assertThatExceptionOfType(ArbitrationRejected.class)
			.isThrownBy(() -> new Client().arbitrate(2, "", ElectionIds.of(1)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.NOT_FOUND));
		assertThatIllegalArgumentException().isThrownBy(() -> new Arbitration(0));
	}

	@Test
	void rejectsARoleOrDeviceChangeOnALiveStreamAndDropsThatStream() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		Client b = new Client().arbitrate(ElectionIds.of(3));
		assertThatExceptionOfType(ArbitrationRejected.class)
			.isThrownBy(() -> a.arbitrate(DEVICE, "other", ElectionIds.of(5)))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(Status.Code.FAILED_PRECONDITION);
				assertThat(ex.toStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
			});
		assertThat(b.lastCode()).isEqualTo(Status.Code.NOT_FOUND);
		assertThatExceptionOfType(ArbitrationRejected.class).isThrownBy(() -> b.arbitrate(2, "", ElectionIds.of(3)))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.FAILED_PRECONDITION));
		assertThat(this.arbitration.streamCount("")).isZero();
	}

	@Test
	void rejectsWriteWhenNotPrimary() {
		new Client().arbitrate(ElectionIds.of(5));
		new Client().arbitrate(ElectionIds.of(10));
		WriteRequest fromBackup = WriteRequest.newBuilder()
			.setDeviceId(DEVICE)
			.setElectionId(ElectionIds.of(5))
			.build();
		assertThatExceptionOfType(NotPrimary.class).isThrownBy(() -> this.arbitration.requirePrimary(fromBackup))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(Status.Code.PERMISSION_DENIED);
				assertThat(ex.electionId()).isEqualTo(ElectionIds.of(5));
				assertThat(ex.role()).isEmpty();
			});
		this.arbitration.requirePrimary(fromBackup.toBuilder().setElectionId(ElectionIds.of(10)).build());
	}

	@Test
	void rejectsWriteForARoleWithoutStreams() {
		new Client().arbitrate(ElectionIds.of(5));
		assertThatExceptionOfType(NotPrimary.class)
			.isThrownBy(() -> this.arbitration.requirePrimary("telemetry", ElectionIds.of(5)));
	}

	@Test
	void lowersNothingWhenAPrimaryReannouncesItself() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		Client b = new Client().arbitrate(ElectionIds.of(3));
		a.arbitrate(ElectionIds.of(5));
		assertThat(a.received).hasSize(2);
		assertThat(a.lastCode()).isEqualTo(Status.Code.OK);
		assertThat(b.received).hasSize(1);
	}

	@Test
	void ignoresASecondCloseAndClosingAnUnboundStream() {
		Client a = new Client().arbitrate(ElectionIds.of(5));
		a.stream.close();
		a.stream.close();
		new Client().stream.close();
		assertThat(this.arbitration.streamCount("")).isZero();
		assertThatExceptionOfType(ArbitrationRejected.class).isThrownBy(() -> a.arbitrate(ElectionIds.of(5)));
	}

}
