package io.sonde.switches.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;

import io.sonde.emulator.p4rt.EmulatedP4RuntimeServer;
import io.sonde.p4runtime.client.P4RuntimeClient;
import io.sonde.topology.TopologySwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One switch's probe against a real emulated P4Runtime server on 127.0.0.1. */
class EndpointProbeTests {

	private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

	private final SteppingClock clock = new SteppingClock(START, Duration.ofMillis(1));

	private EmulatedP4RuntimeServer server = EmulatedP4RuntimeServer.start("leaf-1", 11, 0);

	private EndpointProbe probe;

	@AfterEach
	void stop() {
		if (this.probe != null) {
			this.probe.close();
		}
		this.server.close();
	}

	@Test
	void reportsTheApiVersionTheSwitchGivesAndTheTimeOfOneCallOnAnOpenConnection() {
		this.probe = probeOf(this.server.port(), Duration.ofSeconds(2));

		ProbeResult first = this.probe.probe();
		ProbeResult second = this.probe.probe();

		String version = versionReportedBy(this.server);
		assertThat(version).isNotBlank();
		assertThat(first.reachable()).isTrue();
		assertThat(first.apiVersion()).isEqualTo(version);
		assertThat(first.error()).isNull();
		// One clock step between sending and the answer: the call itself was timed.
		assertThat(first.roundTrip()).isEqualTo(Duration.ofMillis(1));
		assertThat(first.checkedAt()).isEqualTo(START.plusMillis(1));
		assertThat(second.reachable()).isTrue();
		assertThat(second.checkedAt()).isEqualTo(START.plusMillis(3));
	}

	@Test
	void reportsAStoppedSwitchUnreachableWithTheReason() {
		int port = this.server.port();
		this.probe = probeOf(port, Duration.ofSeconds(2));
		assertThat(this.probe.probe().reachable()).isTrue();

		this.server.close();
		ProbeResult result = this.probe.probe();

		assertThat(result.reachable()).isFalse();
		assertThat(result.apiVersion()).isNull();
		assertThat(result.roundTrip()).isNull();
		assertThat(result.error()).startsWith("UNAVAILABLE");
	}

	@Test
	void reportsARefusedConnectionWithItsCause() throws IOException {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closedPort = socket.getLocalPort();
		}
		this.probe = probeOf(closedPort, Duration.ofSeconds(2));

		ProbeResult result = this.probe.probe();

		assertThat(result.reachable()).isFalse();
		assertThat(result.error()).startsWith("UNAVAILABLE: ").contains("Connection refused");
	}

	@Test
	void findsASwitchAgainOnTheNextProbeAfterItRestarts() {
		int port = this.server.port();
		this.probe = probeOf(port, Duration.ofSeconds(2));
		assertThat(this.probe.probe().reachable()).isTrue();
		this.server.close();
		assertThat(this.probe.probe().reachable()).isFalse();

		this.server = EmulatedP4RuntimeServer.start("leaf-1", 11, port);

		assertThat(this.probe.probe().reachable()).isTrue();
	}

	@Test
	void givesUpOnASwitchThatAcceptsButNeverAnswersAtTheDeadline() throws IOException {
		// The kernel accepts the connection into the backlog; nothing ever speaks HTTP/2.
		try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
			this.probe = probeOf(silent.getLocalPort(), Duration.ofMillis(300));

			ProbeResult result = this.probe.probe();

			assertThat(result.reachable()).isFalse();
			assertThat(result.error()).startsWith("DEADLINE_EXCEEDED: ");
		}
	}

	@Test
	void reportsAClosedProbeWithoutDialling() {
		this.probe = probeOf(this.server.port(), Duration.ofSeconds(2));
		this.probe.close();

		ProbeResult result = this.probe.probe();

		assertThat(result.reachable()).isFalse();
		assertThat(result.error()).isEqualTo("no longer probed");
		assertThat(this.server.streamCount()).isZero();
	}

	private EndpointProbe probeOf(int port, Duration timeout) {
		return new EndpointProbe(new TopologySwitch("leaf-1", 11, "127.0.0.1", port, "leaf", "02:53:00:00:00:0b"),
				timeout, this.clock);
	}

	/** Asked independently of the probe, with the project's P4Runtime client. */
	private static String versionReportedBy(EmulatedP4RuntimeServer server) {
		try (P4RuntimeClient client = P4RuntimeClient.forAddress("127.0.0.1", server.port())
			.deviceId(server.deviceId())
			.connect()) {
			return client.capabilities().getP4RuntimeApiVersion();
		}
	}

}
