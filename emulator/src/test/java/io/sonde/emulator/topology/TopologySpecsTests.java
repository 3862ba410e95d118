package io.sonde.emulator.topology;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopologySpecsTests {

	@Test
	void parsesTheGeneratorSpecs() {
		assertThat(TopologySpecs.parse("fattree:4")).isEqualTo(FatTree.build(4));
		assertThat(TopologySpecs.parse("int-label")).isEqualTo(IntLabelFabric.build());
		assertThat(TopologySpecs.parse("watts-strogatz:20,4,0.1,7")).isEqualTo(WattsStrogatz.build(20, 4, 0.1, 7));
		assertThat(TopologySpecs.parse("watts-strogatz:20,4,0.1,7,60").hosts()).hasSize(60);
	}

	@Test
	void readsFiles(@TempDir Path directory) throws IOException {
		Path file = directory.resolve("lab.json");
		TopologyJson.write(IntLabelFabric.build(), file);
		assertThat(TopologySpecs.parse(file.toString())).isEqualTo(IntLabelFabric.build());
		assertThat(TopologySpecs.parse("file:" + file)).isEqualTo(IntLabelFabric.build());
	}

	@Test
	void explainsWhatItAccepts() {
		assertThatThrownBy(() -> TopologySpecs.parse("torus:4")).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("fattree:K");
		assertThatThrownBy(() -> TopologySpecs.parse("fattree:four")).hasMessageContaining("'four' is not an integer");
		assertThatThrownBy(() -> TopologySpecs.parse("watts-strogatz:20,4")).hasMessageContaining("N,K,BETA,SEED");
	}

}
