package io.sonde.p4programs.decode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.LabelCodec;
import io.sonde.p4programs.codec.LabelWire;
import io.sonde.p4programs.codec.LabeledPacket;
import io.sonde.p4programs.codec.MalformedTelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The INT-label vectors ({@code vectors/label/}, written by the independent Python
 * encoder {@code label.py}): each prints its JSON through sonde-decode's decoder, each
 * whole well-formed one restores to an original that {@link LabelCodec#encode} labels
 * back byte for byte, and each malformed one fails naming its field.
 */
class LabelGoldenVectorTests {

	private static final Path LABEL = GoldenFiles.labelVectorsDirectory();

	@TestFactory
	Stream<DynamicTest> everyLabelVectorDecodesToItsJson() {
		return GoldenFiles.vectorNames(LABEL).stream().map((name) -> DynamicTest.dynamicTest(name, () -> {
			String printed = JsonLines
				.line(new FrameDecoder().decode(1, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(LABEL, name)));
			String expected = GoldenFiles.expectedJson(LABEL, name);
			Optional<String> difference = JsonTrees.firstDifference(expected, printed);
			assertThat(difference).as("%s printed %s", name, printed).isEmpty();
			assertThat(printed).as(name).isEqualTo(expected);
		}));
	}

	/**
	 * Restore then label again: the Java encoder writes, byte for byte, the frame the
	 * Python encoder wrote (up to the IPv4 total length).
	 */
	@TestFactory
	Stream<DynamicTest> everyWholeLabelVectorReencodesByteForByte() {
		return wellFormedWholeVectors().map((name) -> DynamicTest.dynamicTest(name, () -> {
			byte[] frame = GoldenFiles.frame(LABEL, name);
			LabeledPacket packet = LabelCodec.decode(frame);
			byte[] original = LabelCodec.restore(frame);
			assertThat(original[LabelWire.ETHERNET_HEADER_BYTES + 9] & 0xFF).as(name).isEqualTo(packet.nextHeader());
			byte[] labeled = LabelCodec.encode(original, packet.specificFlow(), packet.items());
			assertThat(labeled).as(name).isEqualTo(Arrays.copyOf(frame, ipEnd(frame)));
		}));
	}

	/** The restored frame is a valid IPv4 packet: its header checksum sums to zero. */
	@TestFactory
	Stream<DynamicTest> restoredFramesCarryAValidIpv4Checksum() {
		return wellFormedWholeVectors().map((name) -> DynamicTest.dynamicTest(name, () -> {
			byte[] original = LabelCodec.restore(GoldenFiles.frame(LABEL, name));
			assertThat(onesComplementSum(original, LabelWire.ETHERNET_HEADER_BYTES, LabelWire.IPV4_HEADER_BYTES))
				.as(name)
				.isEqualTo(0xFFFF);
			assertThat(ipEnd(original)).as(name).isEqualTo(original.length);
		}));
	}

	@TestFactory
	Stream<DynamicTest> everyMalformedLabelVectorNamesItsField() {
		return GoldenFiles.vectorNames(LABEL)
			.stream()
			.filter((name) -> name.startsWith("malformed_"))
			.map((name) -> DynamicTest.dynamicTest(name, () -> {
				String reason = JsonTrees.parse(GoldenFiles.expectedJson(LABEL, name)).get("error").asText();
				assertThatExceptionOfType(MalformedTelemetry.class)
					.isThrownBy(() -> LabelCodec.decode(GoldenFiles.frame(LABEL, name)))
					.satisfies((ex) -> {
						assertThat(ex.reason().jsonName()).as(name).isEqualTo(reason);
						assertThat(ex.header()).as(name).isEqualTo(GoldenFiles.field(LABEL, name));
					});
			}));
	}

	@Test
	void labelVectorsCoverTheDecidedCases() {
		List<String> names = GoldenFiles.vectorNames(LABEL);
		assertThat(names).contains("label_udp_first_1i", "label_tcp_3i", "label_udp_5i", "label_udp_8i",
				"label_specific_flow_5i", "label_specific_flow_0i", "label_icmp_2i", "label_udp_export_cut_3i",
				"malformed_label_truncated_option", "malformed_label_truncated_item",
				"malformed_label_item_count_over_limit", "malformed_label_unknown_reason",
				"malformed_label_truncated_ports");
		List<String> reasons = new ArrayList<>();
		for (String name : names) {
			if (name.startsWith("malformed_")) {
				DecodedFrame decoded = new FrameDecoder().decode(1, Optional.of(LinkType.ETHERNET),
						GoldenFiles.frame(LABEL, name));
				assertThat(decoded).as(name).isInstanceOf(UndecodableFrame.class);
				reasons.add(((UndecodableFrame) decoded).reason());
			}
		}
		assertThat(reasons).contains("truncated", "hop_count_over_limit", "unknown_type");
	}

	@Test
	void cutExportDecodesButCannotBeRestored() throws MalformedTelemetry {
		byte[] frame = GoldenFiles.frame(LABEL, "label_udp_export_cut_3i");
		assertThat(LabelCodec.decode(frame).items()).hasSize(3);
		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> LabelCodec.restore(frame))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(MalformedTelemetry.Reason.TRUNCATED));
	}

	private static Stream<String> wellFormedWholeVectors() {
		return GoldenFiles.vectorNames(LABEL)
			.stream()
			.filter((name) -> name.startsWith("label_") && !name.contains("_cut_"));
	}

	private static int ipEnd(byte[] frame) {
		int ip = LabelWire.ETHERNET_HEADER_BYTES;
		return ip + (((frame[ip + 2] & 0xFF) << 8) | (frame[ip + 3] & 0xFF));
	}

	private static int onesComplementSum(byte[] data, int offset, int length) {
		int sum = 0;
		for (int i = 0; i < length; i += 2) {
			sum += ((data[offset + i] & 0xFF) << 8) | (data[offset + i + 1] & 0xFF);
		}
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return sum;
	}

}
