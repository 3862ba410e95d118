package io.sonde.switches.internal.connection;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.p4programs.SondePipeline;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.tls.TlsDirectory;
import io.sonde.switches.internal.tls.TlsMaterial;
import io.sonde.p4runtime.client.P4RuntimeClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * An observing connection (a topology switch nobody registered) against a real emulated
 * P4Runtime server on 127.0.0.1: it reports whether the switch answers, with the API
 * version and round trip of a Capabilities call, the reason when it does not, finds the
 * switch again after a restart, and never competes with a controller or writes.
 */
class ObservingConnectionIntegrationTests {

	private static final ConnectionSettings SETTINGS = new ConnectionSettings(Duration.ofSeconds(2),
			Duration.ofSeconds(2), Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMillis(500), 0, true, 2);

	private static final Duration WAIT = Duration.ofSeconds(30);

	private EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start("leaf-1", 11, 0);

	private final List<SwitchConnection> connections = new CopyOnWriteArrayList<>();

	private final List<ConnectionStatus> seen = new CopyOnWriteArrayList<>();

	@AfterEach
	void stop() {
		this.connections.forEach(SwitchConnection::close);
		this.server.close();
	}

	@Test
	void reportsTheSwitchAnsweringWithTheApiVersionItGivesAndTheRoundTripOfACall() {
		SwitchConnection observer = observe(this.server.port(), SETTINGS);

		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.OBSERVER);

		ConnectionStatus status = observer.status();
		assertThat(status.isReachable()).isTrue();
		assertThat(status.isPrimary()).isFalse();
		assertThat(status.apiVersion()).isNotBlank().isEqualTo(versionReportedBy(this.server));
		assertThat(status.roundTripMicros()).isPositive();
		assertThat(status.lastError()).isNull();
		assertThat(status.electionId()).as("an observer sends no election id").isZero();
	}

	@Test
	void reportsAStoppedSwitchUnreachableWithTheReasonAndFindsItAgainAfterItRestarts() {
		int port = this.server.port();
		SwitchConnection observer = observe(port, SETTINGS);
		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.OBSERVER);

		this.server.close();

		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.UNREACHABLE);
		ConnectionStatus down = observer.status();
		assertThat(down.isReachable()).isFalse();
		assertThat(down.apiVersion()).isNull();
		assertThat(down.roundTripMicros()).isEqualTo(-1);
		assertThat(down.lastError()).startsWith("UNAVAILABLE");

		this.server = EmulatedP4RuntimeServer.start("leaf-1", 11, port);

		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.OBSERVER);
		assertThat(observer.status().lastError()).as("kept after recovery").startsWith("UNAVAILABLE");
		assertThat(this.seen).extracting(ConnectionStatus::state)
			.containsSubsequence(ConnectionState.OBSERVER, ConnectionState.UNREACHABLE, ConnectionState.OBSERVER);
	}

	@Test
	void reportsARefusedConnectionWithItsCause() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}

		SwitchConnection observer = observe(closedPort, SETTINGS);

		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.UNREACHABLE);
		assertThat(observer.status().lastError()).startsWith("UNAVAILABLE: ").contains("Connection refused");
	}

	@Test
	void givesUpOnASwitchThatAcceptsButNeverAnswersAtTheDeadline() throws IOException {
		// The kernel accepts the connection into the backlog; nothing ever speaks HTTP/2.
		try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
			ConnectionSettings shortDeadline = new ConnectionSettings(Duration.ofMillis(300), Duration.ofMillis(300),
					Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMillis(500), 0, true, 2);

			SwitchConnection observer = observe(silent.getLocalPort(), shortDeadline);

			await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.UNREACHABLE);
			assertThat(observer.status().lastError()).startsWith("DEADLINE_EXCEEDED: ");
		}
	}

	@Test
	void leavesTheSwitchToItsControllerEvenWhenItHasNone() {
		SwitchConnection controller = manage(this.server.port());
		SwitchConnection observer = observe(this.server.port(), SETTINGS);
		await().atMost(WAIT)
			.until(() -> controller.status().state() == ConnectionState.PRIMARY
					&& observer.status().state() == ConnectionState.OBSERVER);

		controller.close();

		// Take-over is on in SETTINGS: a managing connection would claim the switch now.
		await().during(Duration.ofSeconds(1))
			.atMost(WAIT)
			.until(() -> observer.status().state() == ConnectionState.OBSERVER);
		assertThat(this.seen).noneMatch(ConnectionStatus::isPrimary);
		assertThat(this.server.hasPipeline()).isTrue();
	}

	@Test
	void refusesEveryCallThatActsOnTheSwitch() {
		SwitchConnection observer = observe(this.server.port(), SETTINGS);
		await().atMost(WAIT).until(() -> observer.status().state() == ConnectionState.OBSERVER);

		assertThatExceptionOfType(SwitchNotReady.class).isThrownBy(observer::diff)
			.withMessageContaining("not registered");
		assertThatExceptionOfType(SwitchNotReady.class).isThrownBy(() -> observer.packetOut(1, new byte[64]))
			.withMessageContaining("not registered");
		assertThatExceptionOfType(SwitchNotReady.class).isThrownBy(() -> observer.read(List.of()));
		assertThat(this.server.hasPipeline()).isFalse();
	}

	@Test
	void closingEndsItsStreamOnTheSwitch() {
		SwitchConnection observer = observe(this.server.port(), SETTINGS);
		await().atMost(WAIT).until(() -> this.server.streamCount() == 1);

		observer.close();

		await().atMost(WAIT).until(() -> this.server.streamCount() == 0);
		assertThat(observer.status().state()).isEqualTo(ConnectionState.DISABLED);
	}

	private SwitchConnection observe(int port, ConnectionSettings settings) {
		SwitchDevice device = SwitchDevice.withDefaults("leaf-1", "127.0.0.1", port, 11);
		return track(SwitchConnection.observing(device, settings, Clock.systemUTC(), listener(false),
				new TlsMaterial(TlsDirectory.none())));
	}

	/** A controller beside the observer; its statuses are not recorded. */
	private SwitchConnection manage(int port) {
		SwitchDevice device = SwitchDevice.withDefaults("leaf-1", "127.0.0.1", port, 11);
		return track(new SwitchConnection(device, SETTINGS, PipelineArtifact.sondeP4(), (ignored) -> List.of(),
				new EntityText(SondePipeline.p4Info()), Clock.systemUTC(), listener(true),
				new TlsMaterial(TlsDirectory.none())));
	}

	private SwitchConnection track(SwitchConnection connection) {
		this.connections.add(connection);
		return connection.start();
	}

	private ConnectionListener listener(boolean ignored) {
		return new ConnectionListener() {

			@Override
			public void statusChanged(String switchName, ConnectionStatus status) {
				if (!ignored) {
					ObservingConnectionIntegrationTests.this.seen.add(status);
				}
			}

			@Override
			public void packetIn(PacketInReceived packet) {
			}

		};
	}

	/** Asked independently of the connection, with the project's P4Runtime client. */
	private static String versionReportedBy(EmulatedP4RuntimeServer server) {
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", server.port())
			.deviceId(server.deviceId())
			.connect()) {
			return client.capabilities().getP4RuntimeApiVersion();
		}
	}

}
