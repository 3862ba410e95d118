package io.sonde.switches.internal.connection;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.emulator.p4rt.ServerTls;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchTls;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.tls.TlsDirectory;
import io.sonde.switches.internal.tls.TlsMaterial;
import io.sonde.testsupport.OpenedFileTrap;
import io.sonde.testsupport.TestPki;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A switch whose P4Runtime server speaks mutual TLS: with the right CA and a client
 * certificate, as files of the TLS directory or as PEM text, the connection becomes
 * primary and installs its state; with a CA that did not sign the switch, or without a
 * client certificate, it stays unreachable and says why; a path outside the TLS directory
 * (as an older registration in Redis may hold) is refused where the connection loads its
 * material, without opening the file. Certificates are made with openssl for each run.
 */
class SwitchConnectionTlsIntegrationTests {

	private static final ConnectionSettings SETTINGS = new ConnectionSettings(Duration.ofSeconds(3),
			Duration.ofSeconds(3), Duration.ofMillis(500), Duration.ofMillis(100), Duration.ofSeconds(1), 0, true, 500);

	@TempDir
	static Path root;

	private static TestPki pki;

	private static TlsMaterial material;

	private static EmulatedP4RuntimeServer server;

	private SwitchConnection connection;

	private final List<ConnectionStatus> seen = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void certificatesAndSwitch() {
		pki = TestPki.create(root.resolve("tls"));
		server = EmulatedP4RuntimeServer.startTls("tls-switch", 7, 0,
				new ServerTls(pki.file("switch.pem"), pki.file("switch.key"), pki.file("ca.pem")));
		material = new TlsMaterial(TlsDirectory.of(pki.directory()));
	}

	@AfterAll
	static void stopSwitch() {
		server.close();
	}

	@AfterEach
	void close() {
		if (this.connection != null) {
			this.connection.close();
		}
	}

	@Test
	void connectsOverMutualTlsWithFilesOfTheTlsDirectoryAndInstallsTheDesiredState() {
		this.connection = connect(new SwitchTls("ca.pem", "controller.pem", "controller.key"));

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			assertThat(this.connection.status().state()).isEqualTo(ConnectionState.PRIMARY);
			assertThat(this.connection.status().lastReconcile()).isNotNull();
		});
		// The switch outlives each test: whether this reconciliation had to install the
		// entity depends on the order; that it holds it does not.
		assertThat(this.connection.status().lastReconcile().failed()).isEmpty();
		assertThat(this.connection.diff().inSync()).isTrue();
		assertThat(server.hasPipeline()).isTrue();
	}

	@Test
	void connectsOverMutualTlsWithPemTextGivenInline() {
		this.connection = connect(
				new SwitchTls(pki.pem("ca.pem"), pki.pem("controller.pem"), pki.pem("controller.key")));

		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(this.connection.status().state()).isEqualTo(ConnectionState.PRIMARY));
		assertThat(this.connection.diff().inSync()).isTrue();
	}

	@Test
	void aPathOutsideTheTlsDirectoryIsRefusedWhereTheConnectionWouldOpenIt() {
		try (OpenedFileTrap trap = OpenedFileTrap.at(root.resolve("outside-ca.pem"))) {
			this.connection = connect(new SwitchTls(trap.path().toString(), null, null));

			await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
				assertThat(this.connection.status().state()).isEqualTo(ConnectionState.UNREACHABLE);
				assertThat(this.connection.status().lastError())
					.isEqualTo("TLS not set up: tls.caCertificate is outside the TLS directory " + pki.directory()
							+ " (sonde.switches.tls-directory): give a file name in it, or the PEM text");
			});
			assertThat(trap.openedWithin(Duration.ofSeconds(1))).as("the file outside was opened").isFalse();
		}
		assertThat(this.seen).noneMatch(ConnectionStatus::isPrimary);
	}

	@Test
	void aSwitchSignedByAnotherCaIsNotTrusted() {
		this.connection = connect(new SwitchTls("other.pem", "controller.pem", "controller.key"));

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			assertThat(this.connection.status().state()).isEqualTo(ConnectionState.UNREACHABLE);
			assertThat(this.connection.status().lastError()).isNotBlank();
		});
		assertThat(this.seen).noneMatch(ConnectionStatus::isPrimary);
	}

	@Test
	void aControllerWithoutACertificateIsRefusedBySwitchesThatRequireOne() {
		this.connection = connect(new SwitchTls("ca.pem", null, null));

		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(this.connection.status().state()).isEqualTo(ConnectionState.UNREACHABLE));
		assertThat(this.seen).noneMatch(ConnectionStatus::isPrimary);
	}

	private SwitchConnection connect(SwitchTls tls) {
		SwitchDevice device = new SwitchDevice("tls-switch", "127.0.0.1", server.port(), 7, "", 1,
				SwitchDevice.SONDE_PIPELINE, tls, true);
		Entity nodeId = SondeEntities.ofPipeline().nodeId(7);
		return new SwitchConnection(device, SETTINGS, PipelineArtifact.sondeP4(), (wanted) -> List.of(nodeId),
				new EntityText(SondePipeline.p4Info()), Clock.systemUTC(), new ConnectionListener() {

					@Override
					public void statusChanged(String switchName, ConnectionStatus status) {
						SwitchConnectionTlsIntegrationTests.this.seen.add(status);
					}

					@Override
					public void packetIn(PacketInReceived packet) {
					}

				}, material)
			.start();
	}

}
