package io.sonde.topology.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.emulator.topology.FatTree;
import io.sonde.emulator.topology.IntLabelFabric;
import io.sonde.emulator.topology.TopologyJson;
import io.sonde.topology.Topology;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TopologyDocumentWriterTests {

	private final TopologyDocumentReader reader = new TopologyDocumentReader();

	private final TopologyDocumentWriter writer = new TopologyDocumentWriter();

	@Test
	void writesADocumentThatReadsBackToAnEqualTopology() {
		Topology original = this.reader.read(TopologyJson.write(FatTree.build(4).withP4RuntimePorts(40000)));

		Topology again = this.reader.read(this.writer.write(original));

		assertThat(again).isEqualTo(original);
	}

	@Test
	void writesWhatTheEmulatorReadsAsTheTopologyItExported() {
		io.sonde.emulator.topology.Topology exported = IntLabelFabric.build().withP4RuntimePorts(41000);

		String written = this.writer.write(this.reader.read(TopologyJson.write(exported)));

		assertThat(TopologyJson.read(written)).isEqualTo(exported);
	}

	@Test
	void writesEveryFieldLikeTheEmulatorsExport() throws Exception {
		io.sonde.emulator.topology.Topology exported = FatTree.build(2).withP4RuntimePorts(42000);
		ObjectMapper json = new ObjectMapper();

		JsonNode ours = json.readTree(this.writer.write(this.reader.read(TopologyJson.write(exported))));

		assertThat(ours).isEqualTo(json.readTree(TopologyJson.write(exported)));
		assertThat(ours.has("linkDefaults")).isFalse();
	}

}
