package io.sonde.p4programs.decode;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.packet.DissectedFrame;
import io.sonde.p4programs.packet.FrameDissector;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decision logic on its own: link types, frames that are not telemetry, and that no
 * input makes it throw.
 */
class FrameDecoderTests {

	private static final String VECTOR = "int_md_v2_1_udp_all_3h";

	private final FrameDecoder decoder = new FrameDecoder();

	@Test
	void decodesTheSameIntBehindEveryLinkHeaderThatCarriesIp() {
		byte[] ethernet = GoldenFiles.frame(VECTOR);
		byte[] ip = Arrays.copyOfRange(ethernet, 14, ethernet.length);
		// Linux cooked capture v1: packet type, ARPHRD_ETHER, address length 6, address +
		// 2 pad, protocol 0x0800.
		byte[] cooked = concat(HexFormat.of().parseHex("00040001000602000000a1010000" + "0800"), ip);
		String expected = GoldenFiles.expectedJson(VECTOR);
		assertThat(line(LinkType.RAW, ip)).isEqualTo(expected);
		assertThat(line(LinkType.IPV4, ip)).isEqualTo(expected);
		assertThat(line(LinkType.LINUX_SLL, cooked)).isEqualTo(expected);
	}

	@Test
	void decodesAReportDecodedFromItsPayloadAsItsFrame() throws Exception {
		int reports = 0;
		for (String vector : GoldenFiles.vectorNames()) {
			byte[] frame = GoldenFiles.frame(vector);
			if (!(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame) instanceof TelemetryFrame decoded)
					|| decoded.seq() == null) {
				continue;
			}
			DissectedFrame packet = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
			byte[] payload = Arrays.copyOfRange(frame, packet.payloadOffset(),
					packet.payloadOffset() + packet.payloadLength());
			TelemetryReport report = TelemetryReportCodec.decode(payload, 0, payload.length);
			assertThat(this.decoder.decodeReport(1, report, payload)).as(vector).isEqualTo(decoded);
			reports++;
		}
		assertThat(reports).isGreaterThan(20);
	}

	@Test
	void numbersTheFrameAsGiven() {
		String printed = JsonLines
			.line(this.decoder.decode(4711, Optional.of(LinkType.ETHERNET), GoldenFiles.frame(VECTOR)));
		assertThat(JsonTrees.parse(printed).get("frame").asLong()).isEqualTo(4711);
	}

	@Test
	void unknownLinkTypeIsAnErrorNotAGuess() {
		assertThat(this.decoder.decode(1, Optional.empty(), GoldenFiles.frame(VECTOR)))
			.isEqualTo(new UndecodableFrame(1, "unsupported_link_type"));
	}

	@Test
	void withoutTheDscpMarkingIntOverUdpIsNotRecognised() {
		byte[] frame = GoldenFiles.frame(VECTOR);
		// IPv4 TOS byte: clear DSCP 0x17; recompute nothing: the dissector does
		// not check sums.
		frame[15] = 0;
		assertThat(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame))
			.isEqualTo(new UndecodableFrame(1, UndecodableFrame.NOT_TELEMETRY));
	}

	@Test
	void frameCutInsideTheIpHeaderIsTruncated() {
		byte[] frame = Arrays.copyOf(GoldenFiles.frame(VECTOR), 14 + 12);
		assertThat(this.decoder.decode(1, Optional.of(LinkType.ETHERNET), frame))
			.isEqualTo(new UndecodableFrame(1, "truncated"));
	}

	@Property(tries = 2000)
	void randomBytesNeverThrow(@ForAll("anyLinkType") LinkType linkType, @ForAll("bytes") byte[] data) {
		assertDecodesToOneJsonObject(linkType, data);
	}

	@Property(tries = 3000)
	void damagedGoldenVectorsNeverThrow(@ForAll("damagedVectors") byte[] frame) {
		assertDecodesToOneJsonObject(LinkType.ETHERNET, frame);
	}

	private void assertDecodesToOneJsonObject(LinkType linkType, byte[] data) {
		DecodedFrame decoded = this.decoder.decode(9, Optional.of(linkType), data);
		String printed = JsonLines.line(decoded);
		assertThat(JsonTrees.parse(printed).get("frame").asLong()).isEqualTo(9);
		assertThat(printed).doesNotContain("\n");
	}

	@Provide
	Arbitrary<LinkType> anyLinkType() {
		return Arbitraries.of(LinkType.values());
	}

	@Provide
	Arbitrary<byte[]> bytes() {
		return Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
	}

	/** A golden vector with a few bytes overwritten, then possibly cut short. */
	@Provide
	Arbitrary<byte[]> damagedVectors() {
		List<byte[]> frames = GoldenFiles.vectorNames().stream().map(GoldenFiles::frame).toList();
		Arbitrary<byte[]> frame = Arbitraries.of(frames);
		Arbitrary<List<Integer>> positions = Arbitraries.integers().between(0, 2000).list().ofMaxSize(4);
		Arbitrary<List<Byte>> values = Arbitraries.bytes().list().ofSize(4);
		Arbitrary<Integer> keep = Arbitraries.integers().between(0, 2000);
		return Combinators.combine(frame, positions, values, keep).as((original, at, value, length) -> {
			byte[] damaged = original.clone();
			for (int i = 0; i < at.size(); i++) {
				damaged[at.get(i) % damaged.length] = value.get(i);
			}
			return Arrays.copyOf(damaged, Math.min(damaged.length, length));
		});
	}

	private String line(LinkType linkType, byte[] data) {
		return JsonLines.line(this.decoder.decode(1, Optional.of(linkType), data));
	}

	private static byte[] concat(byte[] first, byte[] second) {
		byte[] joined = Arrays.copyOf(first, first.length + second.length);
		System.arraycopy(second, 0, joined, first.length, second.length);
		return joined;
	}

}
