package io.sonde.emulator.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.provision.IntFlows;
import io.sonde.emulator.provision.NetworkProvisioner;
import io.sonde.emulator.provision.ProvisioningOptions;
import io.sonde.emulator.provision.ProvisioningPlan;
import io.sonde.emulator.topology.Endpoint;
import io.sonde.emulator.topology.Topology;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.emulator.traffic.ConstantRate;
import io.sonde.emulator.traffic.FlowSpec;
import io.sonde.p4programs.capture.CaptureReader;
import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What an emulated network leaves behind: the exported topology with the ports its
 * switches really listen on, pcap captures of a link and of the report stream that a pcap
 * reader reads back with emulated timestamps, and the ground truth as JSON Lines; and a
 * clean refusal of a capture on a port without a link.
 */
class EmulatedNetworkIntegrationTests {

	private static final Instant EPOCH = Instant.parse("2026-11-23T12:00:00Z");

	@TempDir
	Path files;

	private final Topology twoSwitches = TopologyJson.read(Path.of("src/test/resources/topology/two-switches.json"));

	@Test
	void exportsTheTopologyWithTheRealP4RuntimePorts() throws Exception {
		try (EmulatedNetwork emulated = EmulatedNetwork.start(this.twoSwitches,
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0))) {
			Path exported = this.files.resolve("running.json");
			emulated.export(exported);

			Topology running = TopologyJson.read(exported);
			assertThat(running.switches()).allSatisfy((s) -> assertThat(s.p4RuntimePort()).isPositive());
			assertThat(running.switchNamed("s2").orElseThrow().p4RuntimePort())
				.isEqualTo(emulated.switchNamed("s2").server().port());
			assertThat(running.links()).isEqualTo(this.twoSwitches.links());
		}
	}

	@Test
	void capturesTheLinkAndTheReportsAndDumpsTheGroundTruth() throws Exception {
		Path link = this.files.resolve("s1-s2.pcap");
		Path reports = this.files.resolve("reports.pcap");
		Path truth = this.files.resolve("truth.jsonl");
		FlowSpec flow = FlowSpec.udp("h1", "h2", 10_000, 5001, 200, new ConstantRate(1000));
		try (EmulatedNetwork emulated = EmulatedNetwork.start(this.twoSwitches,
				EmulationOptions.DEFAULTS.withCollector(null)
					.withP4RuntimeBasePort(0)
					.withLinkCapture(new Endpoint("s2", 2), link)
					.withReportCapture(reports)
					.withGroundTruthFile(truth)
					.withWallClock(Clock.fixed(EPOCH, ZoneOffset.UTC)))) {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(),
						ProvisioningOptions.DEFAULTS.withIntFlows(IntFlows.listed(List.of(flow)))));
			emulated.startTraffic(List.of(flow), Duration.ofMillis(100));
			emulated.runFor(Duration.ofMillis(200));
		}

		List<CapturedFrame> linkFrames = read(link);
		assertThat(linkFrames).as("100 packets, lossy link").hasSizeBetween(90, 100);
		assertThat(linkFrames.get(0).timestamp()).isAfter(EPOCH).isBefore(EPOCH.plusMillis(200));
		List<CapturedFrame> reportFrames = read(reports);
		assertThat(reportFrames).hasSize(linkFrames.size());
		for (CapturedFrame frame : reportFrames) {
			int payload = 14 + 20 + 8;
			assertThat(TelemetryReportCodec.decode(frame.data(), payload, frame.data().length - payload).format())
				.isEqualTo(io.sonde.p4programs.codec.ReportFormat.TR2_0);
		}
		List<String> lines = Files.readAllLines(truth);
		assertThat(lines).filteredOn((line) -> line.startsWith("{\"type\":\"report\"")).hasSize(reportFrames.size());
		assertThat(lines).as("s1 pushed its hop onto every packet, also those the lossy link lost")
			.filteredOn((line) -> line.startsWith("{\"type\":\"hop\""))
			.hasSize(100)
			.allSatisfy((line) -> assertThat(line).contains("\"switch_id\":1,"));
	}

	@Test
	void aCaptureOfAPortWithoutALinkIsRefusedAndNothingIsLeftRunning() throws Exception {
		EmulationOptions options = EmulationOptions.DEFAULTS.withCollector(null)
			.withP4RuntimeBasePort(0)
			.withLinkCapture(new Endpoint("s1", 9), this.files.resolve("nothing.pcap"));

		assertThatIllegalArgumentException().isThrownBy(() -> EmulatedNetwork.start(this.twoSwitches, options))
			.withMessageContaining("s1:9");
	}

	@Test
	void aPowerCycleInVirtualTimeDropsTheTrafficThroughTheSwitchAndLosesItsPipeline() throws Exception {
		FlowSpec flow = FlowSpec.udp("h1", "h2", 10_000, 5001, 200, new ConstantRate(1000));
		try (EmulatedNetwork emulated = EmulatedNetwork.start(this.twoSwitches,
				EmulationOptions.DEFAULTS.withCollector(null).withP4RuntimeBasePort(0))) {
			NetworkProvisioner.withDefaults()
				.apply(ProvisioningPlan.of(emulated.topology(), ProvisioningOptions.DEFAULTS));
			emulated.startTraffic(List.of(flow), Duration.ofMillis(300));
			emulated.runFor(Duration.ofMillis(100));
			long deliveredBefore = emulated.network().hostNamed("h2").receivedPackets();

			SwitchStatus restarted = emulated.restartSwitch("s2", Duration.ofMillis(100));

			assertThat(deliveredBefore).isPositive();
			assertThat(restarted.up()).isTrue();
			assertThat(restarted.programmed()).isFalse();
			assertThat(restarted.droppedWhileDown()).as("100 ms of a 1,000 packets/s flow, give or take the lossy link")
				.isBetween(80L, 101L);
			emulated.runFor(Duration.ofMillis(100));
			assertThat(emulated.network().hostNamed("h2").receivedPackets())
				.as("s2 forwards nothing until a controller provisions it again")
				.isLessThanOrEqualTo(deliveredBefore + 2);
			assertThat(emulated.faultStatus().switches()).extracting(SwitchStatus::up).containsOnly(true);
		}
	}

	private static List<CapturedFrame> read(Path file) throws Exception {
		List<CapturedFrame> frames = new ArrayList<>();
		try (CaptureReader reader = CaptureReader.open(file)) {
			for (CapturedFrame frame = reader.next(); frame != null; frame = reader.next()) {
				frames.add(frame);
			}
		}
		return frames;
	}

}
