package io.sonde.p4programs.decode;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.capture.LinkType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GEANT's v1.0 stacks (8-byte timestamps, 16-bit level-2 ports) are read with GEANT's
 * widths only when Hop ML says so; the golden third-party vectors hold the frames.
 */
class GeantStacksTests {

	private final FrameDecoder decoder = new FrameDecoder();

	@Test
	void readsEightByteTimestampsWhenHopMlIsGeantsSize() {
		// Bitmap 0xCC00: GEANT writes 6 words per hop, INT-1.0 §4.7 has 4.
		String line = decode("thirdparty_geant_report_ts_2h");
		assertThat(line).isEqualTo(GoldenFiles.expectedJson("thirdparty_geant_report_ts_2h"));
		assertThat(JsonTrees.parse(line).at("/int/hops/0/ingress_ts").asLong()).isEqualTo(1_700_000_000_124_000_000L);
	}

	@Test
	void leavesSpecificationStacksAlone() {
		// A v1.0 stack of the specification's size is never re-read, timestamps
		// stay 4 bytes.
		String line = decode("int_md_v1_0_udp_ts_3h");
		assertThat(line).isEqualTo(GoldenFiles.expectedJson("int_md_v1_0_udp_ts_3h"));
		assertThat(JsonTrees.parse(line).at("/int/hop_ml").asInt()).isEqualTo(3);
	}

	@Test
	void keepsTheSpecificationReadingWhenBothLayoutsHaveTheSameSize() {
		// Bitmap 0x8A00: GEANT's 4 + 8 + 4 bytes and the specification's 4 + 4 + 8 bytes.
		String line = decode("thirdparty_geant_ambiguous_report_2h");
		assertThat(line).isEqualTo(GoldenFiles.expectedJson("thirdparty_geant_ambiguous_report_2h"));
		// The first 4 bytes of GEANT's 8-byte timestamp: its upper half.
		assertThat(JsonTrees.parse(line).at("/int/hops/0/ingress_ts").asLong())
			.isEqualTo(1_700_000_000_124_000_000L >>> 32);
	}

	@Test
	void leavesOtherVersionsAlone() {
		assertThat(decode("int_md_v2_1_udp_ts_3h")).isEqualTo(GoldenFiles.expectedJson("int_md_v2_1_udp_ts_3h"));
	}

	private String decode(String vector) {
		return JsonLines.line(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(vector)));
	}

}
