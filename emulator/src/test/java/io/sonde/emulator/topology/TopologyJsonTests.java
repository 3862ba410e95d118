package io.sonde.emulator.topology;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.LinkParameters;
import io.sonde.emulator.net.MacAddress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopologyJsonTests {

	@Test
	void generatedTopologiesSurviveAWriteAndReadUnchanged() {
		for (Topology topology : new Topology[] { FatTree.build(4), IntLabelFabric.build(),
				WattsStrogatz.build(25, 4, 0.3, 11, 60,
						WattsStrogatz.DEFAULT_LINK.withLossProbability(0.05).withJitterNanos(250)),
				FatTree.build(2).withP4RuntimePorts(50051) }) {
			assertThat(TopologyJson.read(TopologyJson.write(topology))).as(topology.name()).isEqualTo(topology);
		}
	}

	@Test
	void roundTripsThroughAFile(@TempDir Path directory) throws IOException {
		Topology topology = IntLabelFabric.build();
		Path file = directory.resolve("int-label.json");
		TopologyJson.write(topology, file);
		assertThat(Files.readString(file)).startsWith("{").contains("\"format\" : \"sonde-topology\"");
		assertThat(TopologyJson.read(file)).isEqualTo(topology);
	}

	@Test
	void readsTheDocumentedExampleWithItsDefaults() throws URISyntaxException {
		Topology example = TopologyJson.read(Path.of(getClass().getResource("/topology/two-switches.json").toURI()));
		assertThat(example.name()).isEqualTo("two-switches");
		SwitchSpec s1 = example.switchNamed("s1").orElseThrow();
		assertThat(s1.p4RuntimePort()).isEqualTo(50001);
		assertThat(s1.role()).isEqualTo("edge");
		SwitchSpec s2 = example.switchNamed("s2").orElseThrow();
		assertThat(s2.mac()).isEqualTo(SwitchSpec.defaultMac(2));
		assertThat(s2.p4RuntimePort()).isZero();
		HostSpec h2 = example.hostNamed("h2").orElseThrow();
		assertThat(h2.mac()).isEqualTo(HostSpec.defaultMac(Ipv4Address.parse("10.0.2.2")));
		assertThat(example.hostNamed("h1").orElseThrow().mac()).isEqualTo(MacAddress.parse("02:48:0a:00:01:02"));
		// linkDefaults fill what a link omits; the built-in defaults fill the rest.
		assertThat(example.links().get(0).parameters())
			.isEqualTo(new LinkParameters(1_000_000_000L, 1_000, 0, 0.0, 100, 24));
		assertThat(example.links().get(1).parameters())
			.isEqualTo(new LinkParameters(100_000_000L, 50_000, 5_000, 0.01, 100, 24));
		assertThat(example.links().get(2).parameters().queueCapacityPackets()).isEqualTo(10);
		assertThat(ShortestPathRoutes.compute(example).path("h1", "h2")).containsExactly("h1", "s1", "s2", "h2");
	}

	@Test
	void namesThePathOfAMisspeltField() {
		String json = minimal().replace("\"lossProbability\"", "\"lossProbabilty\"");
		assertThatThrownBy(() -> TopologyJson.read(json)).isInstanceOf(TopologyFileRejected.class)
			.hasMessageContaining("links[0].lossProbabilty is not a field");
	}

	@Test
	void namesThePathOfAMissingOrMalformedValue() {
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("\"deviceId\": 1,", "")))
			.hasMessageContaining("switches[0].deviceId is missing");
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("02:53:00:00:00:01", "02:53:00:00:01")))
			.hasMessageContaining("switches[0].mac")
			.hasMessageContaining("not a MAC address");
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("\"s1:1\"", "\"s1\"")))
			.hasMessageContaining("links[0].b")
			.hasMessageContaining("node:port");
		assertThatThrownBy(
				() -> TopologyJson.read(minimal().replace("\"lossProbability\": 0.0", "\"lossProbability\": 2")))
			.hasMessageContaining("links[0].lossProbability must be within 0..1");
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("\"deviceId\": 1", "\"deviceId\": 1.5")))
			.hasMessageContaining("switches[0].deviceId must be an integer");
	}

	@Test
	void reportsEveryTopologyProblemAtOnce() {
		String json = minimal().replace("\"h1:1\"", "\"h9:1\"").replace("\"name\": \"h1\"", "\"name\": \"s1\"");
		assertThatThrownBy(() -> TopologyJson.read(json)).isInstanceOf(TopologyFileRejected.class)
			.hasMessageContaining("node name 's1' is used twice")
			.hasMessageContaining("unknown node 'h9'");
	}

	@Test
	void rejectsWhatIsNotATopologyFile() {
		assertThatThrownBy(() -> TopologyJson.read("{ \"format\": \"sonde-topology\", "))
			.isInstanceOf(TopologyFileRejected.class)
			.hasMessageContaining("not valid JSON");
		assertThatThrownBy(() -> TopologyJson.read("[]")).hasMessageContaining("must be a JSON object");
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("sonde-topology", "mininet")))
			.hasMessageContaining("format is 'mininet'");
		assertThatThrownBy(() -> TopologyJson.read(minimal().replace("\"version\": 1", "\"version\": 2")))
			.hasMessageContaining("version 2 is not supported");
		assertThatThrownBy(() -> TopologyJson.read("")).hasMessageContaining("empty");
		assertThatThrownBy(() -> TopologyJson.read(Path.of("/nonexistent/topology.json")))
			.isInstanceOf(TopologyFileRejected.class)
			.hasMessageContaining("/nonexistent/topology.json")
			.hasMessageContaining("cannot be read");
	}

	private static String minimal() {
		return """
				{
				  "format": "sonde-topology",
				  "version": 1,
				  "name": "minimal",
				  "switches": [ { "name": "s1", "deviceId": 1, "mac": "02:53:00:00:00:01" } ],
				  "hosts": [ { "name": "h1", "ipv4": "10.0.0.1" } ],
				  "links": [ { "a": "h1:1", "b": "s1:1", "lossProbability": 0.0 } ]
				}
				""";
	}

}
