package io.sonde.topology;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.emulator.topology.WattsStrogatz;
import io.sonde.topology.internal.TopologyDocumentWriter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The backend's generators describe the networks the emulator builds for the same
 * parameters: same switches (names, device ids, MACs, roles), hosts and cabling.
 */
class TopologyGeneratorsTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void fatTreesMatchTheEmulators() throws Exception {
		for (int k : List.of(2, 4, 6)) {
			Topology planned = TopologyGenerators.fatTree(k);
			assertThat(planned.switches()).hasSize(5 * k * k / 4);
			assertThat(planned.hosts()).hasSize(k * k * k / 4);
			assertSameNetwork(planned, TopologyJson.write(FatTree.build(k)));
		}
	}

	@Test
	void smallWorldsMatchTheEmulatorsDrawForDraw() throws Exception {
		assertSameNetwork(TopologyGenerators.wattsStrogatz(20, 4, 0.3, 7, 20),
				TopologyJson.write(WattsStrogatz.build(20, 4, 0.3, 7)));
		assertSameNetwork(TopologyGenerators.wattsStrogatz(50, 6, 0.9, 11, 50),
				TopologyJson.write(WattsStrogatz.build(50, 6, 0.9, 11)));
		Topology world = TopologyGenerators.wattsStrogatz(30, 4, 0.5, 3, 60);
		assertThat(world.links()).as("nk/2 switch links plus one per host").hasSize(30 * 4 / 2 + 60);
		assertThat(TopologyGraph.of(world).shortestPath("s-0", "s-29")).isPresent();
	}

	@Test
	void refusesParametersOutOfRange() {
		assertThatIllegalArgumentException().isThrownBy(() -> TopologyGenerators.fatTree(3))
			.withMessageContaining("even k");
		assertThatIllegalArgumentException().isThrownBy(() -> TopologyGenerators.wattsStrogatz(10, 10, 0.1, 1, 10))
			.withMessageContaining("k < n");
		assertThatIllegalArgumentException().isThrownBy(() -> TopologyGenerators.wattsStrogatz(10, 4, 1.5, 1, 10))
			.withMessageContaining("beta");
	}

	private static void assertSameNetwork(Topology planned, String emulatorDocument) throws Exception {
		JsonNode ours = JSON.readTree(new TopologyDocumentWriter().write(planned));
		JsonNode theirs = JSON.readTree(emulatorDocument);
		assertThat(ours.get("name")).isEqualTo(theirs.get("name"));
		assertThat(project(ours.get("switches"), "name", "deviceId", "mac", "role"))
			.isEqualTo(project(theirs.get("switches"), "name", "deviceId", "mac", "role"));
		assertThat(project(ours.get("hosts"), "name", "ipv4", "mac"))
			.isEqualTo(project(theirs.get("hosts"), "name", "ipv4", "mac"));
		assertThat(project(ours.get("links"), "a", "b")).isEqualTo(project(theirs.get("links"), "a", "b"));
	}

	private static List<String> project(JsonNode array, String... fields) {
		return java.util.stream.StreamSupport.stream(array.spliterator(), false).map((element) -> {
			StringBuilder row = new StringBuilder();
			for (String field : fields) {
				row.append(field).append('=').append(element.path(field).asText()).append(' ');
			}
			return row.toString();
		}).toList();
	}

}
