package io.sonde.p4runtime.client;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import io.grpc.Status;
import io.sonde.p4runtime.entity.Entities;
import io.sonde.p4runtime.entity.Updates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import p4.v1.TableEntry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * What the client does when the switch is not there or does not answer, over real sockets
 * on 127.0.0.1. Its behaviour against a working switch is the emulator's P4Runtime
 * conformance suite, which drives this client.
 */
@Timeout(60)
class P4RuntimeClientIntegrationTests {

	private static int closedPort() throws Exception {
		try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	@Test
	void aSwitchThatIsNotListeningIsUnreachable() throws Exception {
		int port = closedPort();
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", port).electionId(1).connect()) {

			assertThatExceptionOfType(SwitchUnreachable.class)
				.isThrownBy(() -> client.awaitArbitration(Duration.ofSeconds(10)))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.UNAVAILABLE))
				.satisfies((ex) -> assertThat(ex.endpoint().address()).isEqualTo("127.0.0.1:" + port));
			assertThat(client.mastership().state()).isEqualTo(Mastership.State.DISCONNECTED);
			assertThatExceptionOfType(SwitchUnreachable.class)
				.isThrownBy(() -> client.read(List.of(Entities.of(TableEntry.getDefaultInstance()))));
		}
	}

	@Test
	void aSwitchThatDoesNotAnswerIsUnreachableAfterTheDeadline() throws Exception {
		try (SilentSwitch silent = new SilentSwitch();
				P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", silent.port())
					.electionId(1)
					.rpcTimeout(Duration.ofMillis(300))
					.connect()) {

			assertThatExceptionOfType(SwitchUnreachable.class)
				.isThrownBy(() -> client.awaitArbitration(Duration.ofMillis(300)))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
			assertThatExceptionOfType(SwitchUnreachable.class)
				.isThrownBy(() -> client.write(List.of(Updates.insert(TableEntry.getDefaultInstance()))))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
		}
	}

	@Test
	void closingHalfClosesTheStreamSoTheSwitchKnowsAtOnce() throws Exception {
		try (SilentSwitch silent = new SilentSwitch()) {
			P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", silent.port()).electionId(1).connect();

			client.close();

			assertThat(silent.awaitStreamHalfClosed()).isTrue();
			assertThatIllegalStateException().isThrownBy(() -> client.write(List.of()));
		}
	}

	@Test
	void packetOutNeedsMastership() throws Exception {
		try (SilentSwitch silent = new SilentSwitch();
				P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", silent.port())
					.electionId(1)
					.connect()) {

			assertThatExceptionOfType(NotPrimary.class).isThrownBy(() -> client.packetOut(new byte[] { 1 }, List.of()))
				.satisfies((ex) -> assertThat(ex.mastership().state()).isEqualTo(Mastership.State.PENDING));
		}
	}

	@Test
	void deviceIdZeroIsRefusedBeforeAnyCall() throws Exception {
		P4RuntimeClient.Builder builder = P4RuntimeClient.forAddress("127.0.0.1", closedPort());

		assertThatIllegalArgumentException().isThrownBy(() -> builder.deviceId(0));
	}

}
