package io.sonde.switches.internal.connection;

import java.io.File;
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
 * certificate the connection becomes primary and installs its state; with a CA that did
 * not sign the switch, or without a client certificate, it stays unreachable and says
 * why. Certificates are made with openssl for each run.
 */
class SwitchConnectionTlsIntegrationTests {

	private static final ConnectionSettings SETTINGS = new ConnectionSettings(Duration.ofSeconds(3),
			Duration.ofSeconds(3), Duration.ofMillis(500), Duration.ofMillis(100), Duration.ofSeconds(1), 0, true, 500);

	@TempDir
	static Path pki;

	private static EmulatedP4RuntimeServer server;

	private SwitchConnection connection;

	private final List<ConnectionStatus> seen = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void certificatesAndSwitch() throws Exception {
		openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=sonde-test-ca", "-keyout",
				"ca.key", "-out", "ca.pem");
		openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=other-ca", "-keyout",
				"other.key", "-out", "other.pem");
		issue("switch", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1");
		issue("controller", "/CN=sonde", "extendedKeyUsage=clientAuth");
		server = EmulatedP4RuntimeServer.startTls("tls-switch", 7, 0,
				new ServerTls(file("switch.pem"), file("switch.key"), file("ca.pem")));
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
	void connectsOverMutualTlsAndInstallsTheDesiredState() {
		this.connection = connect(new SwitchTls(path("ca.pem"), path("controller.pem"), path("controller.key")));

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			assertThat(this.connection.status().state()).isEqualTo(ConnectionState.PRIMARY);
			assertThat(this.connection.status().lastReconcile()).isNotNull();
		});
		assertThat(this.connection.status().lastReconcile().applied()).hasSize(1);
		assertThat(this.connection.diff().inSync()).isTrue();
		assertThat(server.hasPipeline()).isTrue();
	}

	@Test
	void aSwitchSignedByAnotherCaIsNotTrusted() {
		this.connection = connect(new SwitchTls(path("other.pem"), path("controller.pem"), path("controller.key")));

		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			assertThat(this.connection.status().state()).isEqualTo(ConnectionState.UNREACHABLE);
			assertThat(this.connection.status().lastError()).isNotBlank();
		});
		assertThat(this.seen).noneMatch(ConnectionStatus::isPrimary);
	}

	@Test
	void aControllerWithoutACertificateIsRefusedBySwitchesThatRequireOne() {
		this.connection = connect(new SwitchTls(path("ca.pem"), null, null));

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

				})
			.start();
	}

	private static void issue(String name, String subject, String extension) throws Exception {
		openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", name + ".key", "-out",
				name + ".csr");
		openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days",
				"1", "-extfile", write(name + ".ext", extension), "-out", name + ".pem");
	}

	private static String write(String name, String content) throws Exception {
		java.nio.file.Files.writeString(pki.resolve(name), content + "\n");
		return name;
	}

	private static void openssl(String... arguments) throws Exception {
		List<String> command = new java.util.ArrayList<>(List.of("openssl"));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).directory(pki.toFile()).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes());
		assertThat(process.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
	}

	private static File file(String name) {
		return pki.resolve(name).toFile();
	}

	private static String path(String name) {
		return pki.resolve(name).toString();
	}

}
