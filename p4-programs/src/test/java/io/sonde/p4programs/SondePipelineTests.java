package io.sonde.p4programs;

import io.sonde.p4runtime.info.P4InfoIndex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SondePipelineTests {

	@Test
	void loadsTheP4InfoFromTheClasspath() {
		P4InfoIndex p4Info = SondePipeline.p4Info();

		assertThat(p4Info.p4Info().getPkgInfo().getArch()).isEqualTo("v1model");
		assertThat(p4Info.table("ipv4_lpm").matchField("dst_addr").bitwidth()).isEqualTo(32);
		assertThat(p4Info.action("set_next_hop").params()).hasSize(2);
	}

	@Test
	void servesTheP4SourcesFromTheClasspath() {
		assertThat(SondePipeline.source("sonde.p4")).contains("V1Switch(");
	}

	@Test
	void namesTheMissingSourceFile() {
		assertThatIllegalArgumentException().isThrownBy(() -> SondePipeline.source("nope.p4"))
			.withMessageContaining("p4/nope.p4");
	}

}
