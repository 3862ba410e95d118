package io.sonde.emulator.cli;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.sonde.emulator.control.EmulatorControlServer;
import io.sonde.emulator.run.ClockMode;
import io.sonde.emulator.run.EmulatedNetwork;
import io.sonde.emulator.run.EmulationOptions;
import io.sonde.emulator.topology.TopologyJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code emulator ctl} against a real-time emulator's control channel (two switches,
 * src/test/resources/topology/two-switches.json): status lists switches and links and
 * marks what differs from the topology, restart and link changes print the result and
 * exit 0, the emulator's refusals and a missing emulator exit 1 with the reason; and
 * {@code emulator run --clock real} opens the channel and writes its address where
 * {@code ctl --control-file} finds it.
 */
@Timeout(120)
class CtlCommandIntegrationTests {

	private static final Path TWO_SWITCHES = Path.of("src/test/resources/topology/two-switches.json");

	private static EmulatedNetwork network;

	private static EmulatorControlServer control;

	@TempDir
	Path files;

	@BeforeAll
	static void startEmulator() {
		network = EmulatedNetwork.start(TopologyJson.read(TWO_SWITCHES),
				EmulationOptions.DEFAULTS.withClock(ClockMode.REAL).withP4RuntimeBasePort(0).withCollector(null));
		control = EmulatorControlServer.start(network, 0);
	}

	@AfterAll
	static void stopEmulator() {
		control.close();
		network.close();
	}

	@Test
	void statusListsSwitchesAndLinksAndMarksWhatDiffersFromTheTopology() {
		CommandOutput set = ctl("link", "set", "s1:2", "--loss", "100%", "--delay", "2ms", "--bandwidth", "10M");

		assertThat(set.exitCode()).as(set.err()).isZero();
		assertThat(set.out()).startsWith("s1:2<->s2:2: up, loss 100%, delay 2ms, jitter 5us, bandwidth 10 Mbit/s")
			.contains("changed from the topology's");

		CommandOutput status = ctl("status");

		assertThat(status.exitCode()).as(status.err()).isZero();
		assertThat(status.out()).contains("two-switches: 2 switches (2 up), 3 links (0 down, 1 changed)")
			.containsPattern("s1 +up .*127\\.0\\.0\\.1:" + network.switchNamed("s1").server().port())
			.containsPattern("s1:2<->s2:2 +up +100%\\* +2ms\\* +5us +10 Mbit/s\\*")
			.containsPattern("h1:1<->s1:1 +up +0% +1us +0 +1 Gbit/s ");

		CommandOutput cleared = ctl("link", "clear", "s1/s2");

		assertThat(cleared.exitCode()).isZero();
		assertThat(cleared.out()).startsWith("s1:2<->s2:2: up, loss 1%, delay 50us, jitter 5us, bandwidth 100 Mbit/s;");
	}

	@Test
	void aRestartPrintsTheSwitchBackWithoutItsPipelineAndALinkGoesDownAndUp() {
		CommandOutput restarted = ctl("restart", "s2", "--down", "200ms");

		assertThat(restarted.exitCode()).as(restarted.err()).isZero();
		assertThat(restarted.out()).startsWith("s2: power-cycled (down 200ms); up since ")
			.contains("P4Runtime at 127.0.0.1:" + network.switchNamed("s2").server().port())
			.contains("no pipeline");

		CommandOutput down = ctl("link", "down", "h1:1");
		assertThat(down.exitCode()).isZero();
		assertThat(down.out()).startsWith("h1:1<->s1:1: DOWN,");
		assertThat(ctl("status").out()).contains("3 links (1 down, 0 changed)");
		assertThat(ctl("link", "up", "s1:1").out()).startsWith("h1:1<->s1:1: up,");
	}

	@Test
	void whatTheEmulatorRefusesExitsOneWithItsMessage() {
		CommandOutput unknown = ctl("stop", "s7");

		assertThat(unknown.exitCode()).isEqualTo(1);
		assertThat(unknown.err()).isEqualTo(String.format("ctl: no switch named s7 in two-switches%n"));
		assertThat(ctl("link", "down", "s2:7").err()).contains("no link ends at s2:7");
	}

	@Test
	void noEmulatorListeningExitsOneAndSaysWhereItLooked() throws Exception {
		int free;
		try (ServerSocket socket = new ServerSocket(0)) {
			free = socket.getLocalPort();
		}

		CommandOutput output = CommandOutput.run("ctl", "--port", String.valueOf(free), "status");

		assertThat(output.exitCode()).isEqualTo(1);
		assertThat(output.err()).contains("no emulator control channel answers at 127.0.0.1:" + free)
			.contains("connection refused");
	}

	@Test
	void aRealTimeRunOpensTheChannelAndWritesItsAddressForCtl() throws Exception {
		Path address = this.files.resolve("emulator.control");
		CompletableFuture<CommandOutput> run = CompletableFuture.supplyAsync(() -> CommandOutput.run("run",
				"--topology", TWO_SWITCHES.toString(), "--clock", "real", "--duration", "4s", "--flows", "0",
				"--p4runtime-base-port", "0", "--control-port", "0", "--control-file", address.toString()));
		await().atMost(Duration.ofSeconds(60))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(50))
			.until(() -> Files.exists(address) || run.isDone());
		assertThat(address).as("the run wrote its control address").exists();
		assertThat(Files.readString(address)).matches("127\\.0\\.0\\.1:\\d+\\n");

		CommandOutput status = CommandOutput.run("ctl", "--control-file", address.toString(), "status");

		assertThat(status.exitCode()).as(status.err()).isZero();
		assertThat(status.out()).contains("two-switches: 2 switches (2 up)");
		CommandOutput finished = run.get(60, TimeUnit.SECONDS);
		assertThat(finished.exitCode()).as(finished.err()).isZero();
		assertThat(finished.out()).containsPattern("control channel on 127\\.0\\.0\\.1:\\d+: \\./sonde-emulator ctl");
		assertThat(address).as("removed when the run ends").doesNotExist();
	}

	@Test
	void aRunWhoseControlPortIsTakenEndsWithExitOneAndSaysSo() throws Exception {
		try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
			CommandOutput run = CommandOutput.run("run", "--topology", TWO_SWITCHES.toString(), "--clock", "real",
					"--duration", "1s", "--flows", "0", "--p4runtime-base-port", "0", "--control-port",
					String.valueOf(taken.getLocalPort()));

			assertThat(run.exitCode()).isEqualTo(1);
			assertThat(run.err()).contains("the control port 127.0.0.1:" + taken.getLocalPort() + " is in use")
				.contains("--control-port 0");
		}
	}

	private static CommandOutput ctl(String... args) {
		String[] all = new String[args.length + 3];
		all[0] = "ctl";
		all[1] = "--port";
		all[2] = String.valueOf(control.port());
		System.arraycopy(args, 0, all, 3, args.length);
		return CommandOutput.run(all);
	}

}
