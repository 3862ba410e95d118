package io.sonde.p4programs.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Arrays;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.DecodeLimits;
import io.sonde.p4programs.codec.GpintProbe;
import io.sonde.p4programs.codec.GpintProbeCodec;
import io.sonde.p4programs.codec.GpintWire;

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

	@TestFactory
	Stream<DynamicTest> everyProbeVectorDecodesToItsJson() {
		Path probes = GoldenFiles.probeVectorsDirectory();
		return GoldenFiles.vectorNames(probes).stream().map((name) -> DynamicTest.dynamicTest(name, () -> {
			String printed = JsonLines
				.line(new FrameDecoder().decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(probes, name)));
			String expected = GoldenFiles.expectedJson(probes, name);
			Optional<String> difference = JsonTrees.firstDifference(expected, printed);
			assertThat(difference).as("%s printed %s", name, printed).isEmpty();
			assertThat(printed).as(name).isEqualTo(expected);
		}));
	}

	/**
	 * The Java encoder writes, byte for byte, the frames the independent Python encoder
	 * wrote (up to the IPv4 total length: the vectors are padded to 60 bytes).
	 */
	@TestFactory
	Stream<DynamicTest> everyWellFormedProbeVectorEncodesToItsFrame() {
		Path probes = GoldenFiles.probeVectorsDirectory();
		return GoldenFiles.vectorNames(probes)
			.stream()
			.filter((name) -> name.startsWith("gpint_"))
			.map((name) -> DynamicTest.dynamicTest(name, () -> {
				byte[] frame = GoldenFiles.frame(probes, name);
				GpintProbe probe = GpintProbeCodec.decodeFrame(frame);
				Inet4Address monitor = (Inet4Address) InetAddress.getByAddress(Arrays.copyOfRange(frame, 26, 30));
				byte[] encoded = GpintProbeCodec.encodeFrame(probe, Arrays.copyOfRange(frame, 0, 6),
						Arrays.copyOfRange(frame, 6, 12), monitor);
				int ipTotalLength = ((frame[16] & 0xFF) << 8) | (frame[17] & 0xFF);
				assertThat(encoded).as(name)
					.isEqualTo(Arrays.copyOf(frame, GpintWire.ETHERNET_HEADER_BYTES + ipTotalLength));
			}));
	}

	@Test
	void probeVectorsCoverEveryKindAndMalformation() {
		List<String> names = GoldenFiles.vectorNames(GoldenFiles.probeVectorsDirectory());
		assertThat(names).contains("gpint_probe_fresh_3sr", "gpint_probe_rule_hits_1h", "gpint_probe_port_packets_2h",
				"gpint_probe_port_packets_1h_0m", "gpint_probe_completed_3h", "gpint_feedback", "gpint_recovery_2h",
				"malformed_gpint_truncated_sr_stack", "malformed_gpint_mea_count_mismatch",
				"malformed_gpint_dlv_count_over_limit", "malformed_gpint_sr_count_over_limit");
		List<String> reasons = new ArrayList<>();
		for (String name : names) {
			if (!name.startsWith("malformed_")) {
				continue;
			}
			DecodedFrame decoded = new FrameDecoder().decode(1, Optional.of(LinkType.ETHERNET),
					GoldenFiles.frame(GoldenFiles.probeVectorsDirectory(), name));
			assertThat(decoded).as(name).isInstanceOf(UndecodableFrame.class);
			reasons.add(((UndecodableFrame) decoded).reason());
		}
		assertThat(reasons).contains("truncated", "bad_length", "hop_count_over_limit", "measurement_count_over_limit");
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
