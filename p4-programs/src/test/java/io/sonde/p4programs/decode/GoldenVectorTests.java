package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every golden vector decodes to its JSON: the frame of {@code NAME.hex}, decoded as
 * frame 1 with the options of {@code NAME.args}, prints {@code NAME.json}. Compared field
 * by field first (the failure names the first differing path), then as text.
 */
class GoldenVectorTests {

	@TestFactory
	Stream<DynamicTest> everyVectorDecodesToItsJson() {
		return GoldenFiles.vectorNames().stream().map((name) -> DynamicTest.dynamicTest(name, () -> {
			String printed = decodeAsFrameOne(name);
			String expected = GoldenFiles.expectedJson(name);
			Optional<String> difference = JsonTrees.firstDifference(expected, printed);
			assertThat(difference).as("%s printed %s", name, printed).isEmpty();
			assertThat(printed).as(name).isEqualTo(expected);
		}));
	}

	@Test
	void vectorsCoverEveryFormatVersionAndHopCount() {
		List<String> names = GoldenFiles.vectorNames();
		assertThat(names).hasSizeGreaterThan(100);
		for (String family : List.of("int_md_v2_1_udp_", "int_md_v2_1_tcp_", "int_md_v2_1_udp_npt1_",
				"int_md_v2_1_tcp_npt2_", "int_md_v2_1_vlan2_", "int_md_v2_1_ipv6_udp_", "int_md_v1_0_udp_",
				"int_md_v0_5_udp_", "tr2_0_eth_", "tr1_0_eth_", "tr0_5_eth_")) {
			for (int hops : new int[] { 0, 3, 8 }) {
				assertThat(names).as(family).contains(family + "all_" + hops + "h");
			}
		}
		for (String bitmap : List.of("all", "swid", "mixed", "ts")) {
			for (int hops : new int[] { 0, 1, 3, 5, 8 }) {
				assertThat(names).contains("int_md_v2_1_udp_" + bitmap + "_" + hops + "h");
			}
		}
	}

	@Test
	void malformedVectorsPrintTheirTypedErrors() {
		List<String> reasons = new ArrayList<>();
		for (String name : GoldenFiles.vectorNames()) {
			if (!name.startsWith("malformed_")) {
				continue;
			}
			DecodedFrame decoded = decoder(name).decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(name));
			assertThat(decoded).as(name).isInstanceOf(UndecodableFrame.class);
			String reason = ((UndecodableFrame) decoded).reason();
			assertThat(JsonTrees.parse(GoldenFiles.expectedJson(name)).get("error").asText()).as(name)
				.isEqualTo(reason);
			reasons.add(reason);
		}
		assertThat(reasons).contains("truncated", "bad_length", "hop_count_over_limit", "unknown_version");
	}

	private static String decodeAsFrameOne(String name) {
		return JsonLines.line(decoder(name).decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(name)));
	}

	private static FrameDecoder decoder(String name) {
		List<String> args = new ArrayList<>(GoldenFiles.arguments(name));
		args.add("vector.pcap");
		try {
			return new FrameDecoder(DecodeArguments.parse(args.toArray(String[]::new)).reportPort(),
					DecodeLimits.DEFAULT);
		}
		catch (DecodeArguments.BadUsage ex) {
			throw new AssertionError(name + ".args: " + ex.getMessage(), ex);
		}
	}

}
