package io.sonde.p4programs.codec;

import java.util.Map;

import io.sonde.p4programs.codec.MalformedTelemetry.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Report headers that break their specification the way deployed emitters do, against
 * bytes laid out by hand: transparent-security's inner-only TR2.0 reports with a metadata
 * block, and INTCollector's TR1.0 Length of 1.
 */
class TelemetryReportQuirkTests {

	private static final byte[] GROUP = Hex.bytes("20 00 00 C0", // Ver 2, hw_id 0,
																	// sequence 3 << 6
			"00 00 00 0C"); // node 12

	/**
	 * transparent-security's 12-byte block: RepMdBits 0, DS ID 0x5453, 0, 0, one word.
	 */
	private static final byte[] BLOCK = Hex.bytes("00 00 54 53 00 00 00 00 00 00 00 00");

	/** RepType 0, InType 4, Report Length 10, MD Length 7, then the block and a frame. */
	private static final byte[] TPS_REPORT = Hex.concat(GROUP, Hex.bytes("04 0A 07 00"), BLOCK,
			InnerPackets.ETHERNET_IPV4_TCP);

	@Test
	void readsTransparentSecurityInnerOnlyReportsAsTheirBlockThenAnEthernetFrameToTheEnd() throws MalformedTelemetry {
		TelemetryReportV20 report = decode(TPS_REPORT);

		assertThat(report.sequence()).as("the 22-bit field: its counter 3, shifted by 6").isEqualTo(192L);
		assertThat(report.reports()).hasSize(1);
		IndividualReport individual = report.reports().get(0);
		assertThat(individual.repType()).isEqualTo(IndividualReport.REP_TYPE_INNER_ONLY);
		assertThat(individual.metadata()).isNull();
		assertThat(individual.innerPacket()).isEqualTo(new InnerPacket(InnerPacketKind.ETHERNET, 24, 54));
		assertThat(TelemetryReportCodec.recognise(TPS_REPORT, 0, TPS_REPORT.length)).contains(ReportFormat.TR2_0);
	}

	@Test
	void readsTheIpPacketInTypeNamesWhenItBeginsWithThatVersion() throws MalformedTelemetry {
		byte[] ipv4 = Hex.concat(GROUP, Hex.bytes("04 0A 07 00"), BLOCK, InnerPackets.IPV4_TCP);
		byte[] ipv6 = Hex.concat(GROUP, Hex.bytes("05 0F 07 00"), BLOCK, InnerPackets.IPV6_UDP_HEADER);

		assertThat(decode(ipv4).reports().get(0).innerPacket())
			.isEqualTo(new InnerPacket(InnerPacketKind.IPV4, 24, 40));
		assertThat(decode(ipv6).reports().get(0).innerPacket())
			.isEqualTo(new InnerPacket(InnerPacketKind.IPV6, 24, 40));
	}

	@Test
	void rejectsAnInnerOnlyReportWithAnMdLengthWhoseBlockDoesNotFit() {
		byte[] cut = Hex.concat(GROUP, Hex.bytes("04 0A 07 00"), Hex.bytes("00 00 54 53 00 00 00 00"));

		assertThatExceptionOfType(MalformedTelemetry.class).isThrownBy(() -> decode(cut))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.BAD_LENGTH));
	}

	@Test
	void keepsReadingConformingInnerOnlyReportsByTheirReportLength() throws MalformedTelemetry {
		// MD Length 0: the specification's RepType 0, then a second report.
		byte[] two = Hex.concat(GROUP, Hex.bytes("04 0A 00 00"), InnerPackets.IPV4_TCP, Hex.bytes("04 0A 00 00"),
				InnerPackets.IPV4_TCP);

		TelemetryReportV20 report = decode(two);

		assertThat(report.reports()).hasSize(2);
		assertThat(report.reports().get(1).innerPacket()).isEqualTo(new InnerPacket(InnerPacketKind.IPV4, 56, 40));
	}

	@Test
	void readsATr10LengthBelowTheFixedHeaderAsTheHeaderAndTheMetadataItsBitsSelect() throws MalformedTelemetry {
		byte[] lengthOne = TelemetryReportLegacyCodecTests.V10_WITH_LATENCY.clone();
		lengthOne[0] = 0x11; // Length 1, RepMdBits still selects hop latency

		TelemetryReportV10 report = (TelemetryReportV10) TelemetryReportCodec.decode(lengthOne, 0, lengthOne.length);

		assertThat(report.lengthBelowHeader()).isTrue();
		assertThat(report.metadata()).isEqualTo(IntHop.of(Map.of(HopValue.HOP_LATENCY, 44L)));
		assertThat(report.innerPacket()).isEqualTo(new InnerPacket(InnerPacketKind.ETHERNET, 20, 54));
		assertThat(TelemetryReportCodec.recognise(lengthOne, 0, lengthOne.length)).contains(ReportFormat.TR1_0);
		// Re-encoded with the true Length.
		assertThat(TelemetryReportCodec.encode(report, lengthOne))
			.isEqualTo(TelemetryReportLegacyCodecTests.V10_WITH_LATENCY);
	}

	private static TelemetryReportV20 decode(byte[] data) throws MalformedTelemetry {
		return (TelemetryReportV20) TelemetryReportCodec.decode(data, 0, data.length);
	}

}
