package io.sonde.emulator.cli;

import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;

import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.p4programs.codec.ReportFormat;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line end to end: {@code emulator run} in virtual time starts the switches,
 * provisions them, runs a second of traffic, sends reports in the chosen format to the
 * collector, exports the running topology and exits 0 with a summary; {@code emulator
 * topology} writes a topology file.
 */
class EmulatorCommandIntegrationTests {

	@TempDir
	Path files;

	@Test
	void runsOneVirtualSecondAndSummarises() throws Exception {
		Path exported = this.files.resolve("running.json");
		try (DatagramChannel collector = DatagramChannel.open()) {
			collector.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 20);
			collector.bind(new InetSocketAddress("127.0.0.1", 0));
			int port = ((InetSocketAddress) collector.getLocalAddress()).getPort();

			CommandOutput output = CommandOutput.run("run", "--topology", "fattree:4", "--clock", "virtual",
					"--duration", "1s", "--seed", "3", "--p4runtime-base-port", "0", "--collector", "127.0.0.1:" + port,
					"--report-format", "v1.0", "--flows", "8", "--rate", "50", "--int-flows", "all", "--export",
					exported.toString());

			assertThat(output.exitCode()).as(output.err()).isZero();
			assertThat(output.out()).contains("provisioned 20 switches over P4Runtime")
				.contains("summary: 1.000 s emulated (virtual)")
				.containsPattern("packets sent \\d+, delivered \\d+")
				.containsPattern("reports [1-9]\\d*, sent to");
			Topology running = TopologyJson.read(exported);
			assertThat(running.switches()).hasSize(20).allSatisfy((s) -> assertThat(s.p4RuntimePort()).isPositive());
			ByteBuffer datagram = ByteBuffer.allocate(2048);
			collector.configureBlocking(false);
			assertThat(collector.receive(datagram)).as("a report reached the collector").isNotNull();
			assertThat(TelemetryReportCodec.decode(datagram.array(), 0, datagram.position()).format())
				.isEqualTo(ReportFormat.TR1_0);
		}
	}

	@Test
	void provisionsIntLabelAsTheOptionsSay() throws Exception {
		CommandOutput output = CommandOutput.run("run", "--topology", "int-label", "--clock", "virtual", "--duration",
				"200ms", "--p4runtime-base-port", "0", "--collector", "127.0.0.1:9", "--flows", "4", "--rate", "100",
				"--label", "base_b", "--label-interval", "20ms", "--label-rest", "5ms", "--label-probability", "f2",
				"--label-specific-flows", "1");

		assertThat(output.exitCode()).as(output.err()).isZero();
		assertThat(output.out()).contains("provisioned 12 switches over P4Runtime")
			.contains("INT-label BASE_B every 20000 µs, 1 specific flows");
	}

	@Test
	void refusesARestTimeLongerThanTheInterval() throws Exception {
		CommandOutput output = CommandOutput.run("run", "--topology", "int-label", "--clock", "virtual", "--duration",
				"100ms", "--p4runtime-base-port", "0", "--label", "base_a", "--label-interval", "10ms", "--label-rest",
				"20ms");

		assertThat(output.exitCode()).isEqualTo(2);
		assertThat(output.err()).contains("--label options").contains("rest time T1");
	}

	@Test
	void writesATopologyFile() throws Exception {
		Path file = this.files.resolve("int-label.json");

		CommandOutput output = CommandOutput.run("topology", "--topology", "int-label", "--export", file.toString(),
				"--p4runtime-base-port", "50001");

		assertThat(output.exitCode()).isZero();
		Topology written = TopologyJson.read(file);
		assertThat(written.switches()).hasSize(12);
		assertThat(written.switches().get(0).p4RuntimePort()).isEqualTo(50001);
		assertThat(output.out()).contains("12 switches");
	}

}
