package io.sonde.switches.internal.connection;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.p4programs.SondePipeline;
import io.sonde.p4programs.entries.SondeEntities;
import io.sonde.switches.ConnectionState;
import io.sonde.switches.ConnectionStatus;
import io.sonde.switches.EntityChange;
import io.sonde.switches.PacketInReceived;
import io.sonde.switches.ReconcileReport;
import io.sonde.switches.SwitchDevice;
import io.sonde.switches.SwitchNotReady;
import io.sonde.switches.internal.state.EntityText;
import io.sonde.switches.internal.tls.TlsDirectory;
import io.sonde.switches.internal.tls.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import p4.v1.Entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * One connection against one emulated switch: what the switch refuses is reported update
 * by update while the rest is written; a switch that goes away is redialled with backoff
 * and reconciled when it comes back; a second controller with a lower election id stays
 * backup and may not write.
 */
class SwitchConnectionIntegrationTests {

	// Deadlines and waits are generous: a fresh JVM on a busy CI machine takes seconds to
	// push sonde.p4 the first time; the backoff stays short so the redial is quick.
	private static final ConnectionSettings SETTINGS = new ConnectionSettings(Duration.ofSeconds(10),
			Duration.ofSeconds(10), Duration.ofMillis(300), Duration.ofMillis(50), Duration.ofMillis(500), 0, false, 2);

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final SondeEntities entities = SondeEntities.ofPipeline();

	private EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start("s1", 3, 0);

	private final List<SwitchConnection> connections = new CopyOnWriteArrayList<>();

	private final List<ConnectionStatus> seen = new CopyOnWriteArrayList<>();

	@AfterEach
	void stop() {
		this.connections.forEach(SwitchConnection::close);
		this.server.close();
	}

	@Test
	void writesWhatTheSwitchTakesAndReportsEachRefusedUpdateWithItsReason() {
		// Port 600 does not fit sonde.p4's 9-bit port: the switch refuses
		// that entry alone.
		Entity badPort = this.entities.sinkPort(1).toBuilder().build();
		Entity refused = withSinkPort(badPort, 600);
		List<Entity> wanted = List.of(this.entities.nodeId(3), this.entities.sinkPort(1), refused,
				this.entities.sinkPort(2));

		SwitchConnection connection = connect(1, wanted);

		ReconcileReport report = await().atMost(WAIT)
			.until(() -> connection.status().lastReconcile(), (last) -> last != null);
		assertThat(report.pipelinePushed()).isTrue();
		assertThat(report.applied()).extracting(EntityChange::entity)
			.containsExactly("SondeEgress.int_node_id default=true",
					"SondeIngress.int_sink.int_sink_ports egress_port=1",
					"SondeIngress.int_sink.int_sink_ports egress_port=2");
		assertThat(report.failed()).singleElement().satisfies((failure) -> {
			assertThat(failure.entity()).isEqualTo("SondeIngress.int_sink.int_sink_ports egress_port=600");
			assertThat(failure.installed()).startsWith("OUT_OF_RANGE").contains("needs 10 bits");
		});
		assertThat(connection.status().lastError()).contains("1 updates refused");
		assertThat(connection.diff().changes()).extracting(EntityChange::update).containsExactly("INSERT");
	}

	@Test
	void redialsAStoppedSwitchAndRestoresItsStateWhenItReturns() {
		int port = this.server.port();
		SwitchConnection connection = connect(1, List.of(this.entities.nodeId(3), this.entities.sinkPort(5)));
		await().atMost(WAIT).until(() -> connection.status().state() == ConnectionState.PRIMARY);

		this.server.close();
		await().atMost(WAIT).until(() -> connection.status().state() == ConnectionState.UNREACHABLE);
		await().atMost(WAIT).until(() -> connection.status().attempts() >= 2);
		assertThat(connection.status().lastError()).isNotBlank();
		this.server = EmulatedP4RuntimeServer.start("s1", 3, port);

		await().atMost(WAIT)
			.until(() -> connection.status().state() == ConnectionState.PRIMARY
					&& connection.status().lastReconcile().applied().size() == 2);
		assertThat(connection.diff().inSync()).isTrue();
		assertThat(this.seen).extracting(ConnectionStatus::state)
			.containsSubsequence(ConnectionState.PRIMARY, ConnectionState.UNREACHABLE, ConnectionState.CONNECTING,
					ConnectionState.PRIMARY);
	}

	@Test
	void aLowerElectionIdStaysBackupAndMayNotWrite() {
		SwitchConnection primary = connect(10, List.of(this.entities.nodeId(3)));
		await().atMost(WAIT).until(() -> primary.status().state() == ConnectionState.PRIMARY);

		SwitchConnection backup = connect(5, List.of(this.entities.nodeId(99)));
		await().atMost(WAIT).until(() -> backup.status().state() == ConnectionState.BACKUP);

		assertThatExceptionOfType(SwitchNotReady.class).isThrownBy(() -> backup.reconcile("requested"))
			.withMessageContaining("not the primary");
		assertThat(backup.diff().changes()).as("a backup reads and compares").hasSize(1);
		assertThat(primary.diff().inSync()).isTrue();
	}

	private static Entity withSinkPort(Entity entry, int port) {
		Entity.Builder changed = entry.toBuilder();
		changed.getTableEntryBuilder()
			.getMatchBuilder(0)
			.getExactBuilder()
			.setValue(com.google.protobuf.ByteString.copyFrom(new byte[] { (byte) (port >>> 8), (byte) port }));
		return changed.build();
	}

	private SwitchConnection connect(long electionId, List<Entity> wanted) {
		SwitchDevice device = new SwitchDevice("s1", "127.0.0.1", this.server.port(), 3, "", electionId,
				SwitchDevice.SONDE_PIPELINE, null, true);
		SwitchConnection connection = new SwitchConnection(device, SETTINGS, PipelineArtifact.sondeP4(),
				(ignored) -> wanted, new EntityText(SondePipeline.p4Info()), Clock.systemUTC(),
				new ConnectionListener() {

					@Override
					public void statusChanged(String switchName, ConnectionStatus status) {
						SwitchConnectionIntegrationTests.this.seen.add(status);
					}

					@Override
					public void packetIn(PacketInReceived packet) {
					}

				}, new TlsMaterial(TlsDirectory.none()))
			.start();
		this.connections.add(connection);
		return connection;
	}

}
