package io.sonde.p4programs.codec;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Telemetry Report v2.0 against bytes laid out by hand from TR-2.0 §3 and its §4
 * examples.
 */
class TelemetryReportV20CodecTests {

	/** TR-2.0 §4.1: one INT report, L1 ports + queue metadata, the IPv4 packet inside. */
	// 20 40 00 05: Ver 2, hw_id 1, Sequence 5.
	static final byte[] EXAMPLE_4_1 = Hex.concat(Hex.bytes("20 40 00 05", // header
			"0A 0B 0C 0D", // Node ID
			"14", // RepType 1 (INT), InType 4 (IPv4)
			"0E", // Report Length 14 = 2 fixed + 2 MD + 5 IPv4 + 5 TCP
			"02", // MD Length 2
			"20", // D 0, Q 0, F 1, I 0, reserved
			"50 00", // RepMdBits: bit 1 L1 ports, bit 3 queue
			"00 00", // Domain Specific ID
			"00 00", // DSMdBits
			"00 00", // DSMdstatus
			"00 05 00 06", // ingress port 5, egress port 6
			"07 00 01 00"), // queue 7, occupancy 256
			InnerPackets.IPV4_TCP);

	@Test
	void decodesTheSpecExample() throws MalformedTelemetry {
		TelemetryReport report = TelemetryReportCodec.decode(EXAMPLE_4_1, 0, EXAMPLE_4_1.length);

		assertThat(report.format()).isEqualTo(ReportFormat.TR2_0);
		assertThat(report.hardwareId()).isEqualTo(1L);
		assertThat(report.sequence()).isEqualTo(5L);
		assertThat(report.nodeId()).isEqualTo(0x0A0B_0C0DL);
		IndividualReport individual = ((TelemetryReportV20) report).reports().get(0);
		assertThat(individual.repType()).isEqualTo(IndividualReport.REP_TYPE_INT);
		assertThat(individual.trackedFlow()).isTrue();
		assertThat(individual.dropped() || individual.congestedQueue() || individual.intermediate()).isFalse();
		assertThat(individual.metadata())
			.isEqualTo(new IntReportMetadata(0x5000, 0, 0, 0, IntHop.of(Map.of(HopValue.INGRESS_PORT, 5L,
					HopValue.EGRESS_PORT, 6L, HopValue.QUEUE_ID, 7L, HopValue.QUEUE_OCCUPANCY, 256L))));
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.IPV4, 28, 40));
	}

	@Test
	void encodesTheSpecExampleFromItsParts() {
		IntReportMetadata metadata = new IntReportMetadata(0x5000, 0, 0, 0, IntHop.of(Map.of(HopValue.INGRESS_PORT, 5L,
				HopValue.EGRESS_PORT, 6L, HopValue.QUEUE_ID, 7L, HopValue.QUEUE_OCCUPANCY, 256L)));
		IndividualReport individual = new IndividualReport(1, 4, false, false, true, false, metadata, List.of(), null,
				new InnerPacket(InnerPacketKind.IPV4, 0, InnerPackets.IPV4_TCP.length));
		TelemetryReportV20 report = new TelemetryReportV20(1L, 5L, 0x0A0B_0C0DL, List.of(individual));

		assertThat(TelemetryReportCodec.encode(report, InnerPackets.IPV4_TCP)).isEqualTo(EXAMPLE_4_1);
	}

	/**
	 * An inner-only report of an Ethernet frame, then a drop report with metadata only.
	 */
	// 20 00 00 2A: Ver 2, hw_id 0, Sequence 42.
	static final byte[] TWO_REPORTS = Hex.concat(Hex.bytes("20 00 00 2A", // header
			"00 00 00 07", // Node ID 7
			"03", // RepType 0 (inner only), InType 3 (Ethernet)
			"0E", // Report Length 14: 54-byte frame padded to 56
			"00", // MD Length 0
			"40"), // Q 1
			InnerPackets.ETHERNET_IPV4_TCP, Hex.bytes("00 00", // padding to a whole word
					"10", // RepType 1, InType 0 (none)
					"03", // Report Length 3 = 2 fixed + 1 MD
					"01", // MD Length 1
					"80", // D 1
					"00 01", // RepMdBits: bit 15 queue id + drop reason
					"00 00 00 00 00 00", // DS ID, DSMdBits, DSMdstatus
					"04 2A 00 00")); // queue 4, drop reason 42, padding

	@Test
	void decodesSeveralReportsInOnePacket() throws MalformedTelemetry {
		TelemetryReportV20 report = (TelemetryReportV20) TelemetryReportCodec.decode(TWO_REPORTS, 0,
				TWO_REPORTS.length);

		assertThat(report.reports()).hasSize(2);
		IndividualReport innerOnly = report.reports().get(0);
		assertThat(innerOnly.repType()).isEqualTo(IndividualReport.REP_TYPE_INNER_ONLY);
		assertThat(innerOnly.congestedQueue()).isTrue();
		assertThat(innerOnly.metadata()).isNull();
		IndividualReport drop = report.reports().get(1);
		assertThat(drop.dropped()).isTrue();
		assertThat(drop.metadata().values())
			.isEqualTo(IntHop.of(Map.of(HopValue.DROP_QUEUE_ID, 4L, HopValue.DROP_REASON, 42L)));
		assertThat(drop.innerPackets()).isEmpty();
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.ETHERNET, 12, 56));
		assertThat(TelemetryReportCodec.encode(report, TWO_REPORTS)).isEqualTo(TWO_REPORTS);
	}

	/** After the group header: the IPv4 packet, then domain-specific data. */
	static final byte[] TLVS = Hex.concat(Hex.bytes("20 00 00 01", "00 00 00 09", // group
			"11", // RepType 1, InType 1 (TLV)
			"10", // Report Length 16 = 2 + 1 MD + (1 + 10) IPv4 TLV + (1 + 1) DS TLV
			"01", // MD Length 1
			"00", // flags
			"20 00", // RepMdBits: bit 2 hop latency
			"00 00 00 00 00 00", // DS ID, DSMdBits, DSMdstatus
			"00 00 01 F4", // hop latency 500
			"20", // TLVType 2 (IPv4), reserved
			"0A", // TLVLength 10 words
			"00 00"), // TLV Data Template 0
			InnerPackets.IPV4_TCP, Hex.bytes("00", // TLVType 0 (DS extension data)
					"01", // TLVLength 1
					"00 07", // TLV Data Template 7
					"01 02 03 04")); // data

	@Test
	void decodesTlvInnerContents() throws MalformedTelemetry {
		TelemetryReportV20 report = (TelemetryReportV20) TelemetryReportCodec.decode(TLVS, 0, TLVS.length);

		IndividualReport individual = report.reports().get(0);
		assertThat(individual.tlvs()).containsExactly(new ReportTlv(2, 0, new ByteRange(28, 40)),
				new ReportTlv(0, 7, new ByteRange(72, 4)));
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.IPV4, 28, 40));
		assertThat(Arrays.copyOfRange(TLVS, 72, 76)).containsExactly(1, 2, 3, 4);
		assertThat(TelemetryReportCodec.encode(report, TLVS)).isEqualTo(TLVS);
	}

	@Test
	void decodesDomainSpecificMetadataAndExtensionData() throws MalformedTelemetry {
		byte[] data = Hex.bytes("20 00 00 01", "00 00 00 09", // group header
				"12", // RepType 1, InType 2 (domain-specific extension data)
				"07", // Report Length 7 = 2 + 3 MD + 2 extension
				"03", // MD Length 3
				"00", // flags
				"08 00", // RepMdBits: bit 4 ingress timestamp (8 bytes)
				"00 05", // Domain Specific ID 5
				"80 00", // DSMdBits: one word
				"00 01", // DSMdstatus
				"00 00 00 01 00 00 00 02", // ingress timestamp
				"00 00 00 99", // domain-specific metadata
				"AA BB CC DD EE FF 00 11"); // extension data

		TelemetryReportV20 report = (TelemetryReportV20) TelemetryReportCodec.decode(data, 0, data.length);

		IndividualReport individual = report.reports().get(0);
		assertThat(individual.metadata()).isEqualTo(new IntReportMetadata(0x0800, 5, 0x8000, 1,
				new IntHop(Map.of(HopValue.INGRESS_TS, 0x1_0000_0002L), List.of(0x99L))));
		assertThat(individual.domainSpecificData()).isEqualTo(new ByteRange(32, 8));
		assertThat(report.innerPackets()).isEmpty();
		assertThat(TelemetryReportCodec.encode(report, data)).isEqualTo(data);
	}

	@Test
	void readsReportLength0xFFToTheEndOfThePayload() throws MalformedTelemetry {
		// TR-2.0 (2020-10-08 text): Report Length 0xFF = the report runs to the end
		// of the payload. The inner packet is 42 bytes, not whole words.
		byte[] inner = Hex.concat(InnerPackets.IPV4_TCP, Hex.bytes("68 69"));
		byte[] data = Hex.concat(Hex.bytes("20 00 00 01", "00 00 00 09", // group header
				"04", // RepType 0, InType 4 (IPv4)
				"FF", // Report Length: to the end
				"00", "00"), inner);

		TelemetryReport report = TelemetryReportCodec.decode(data, 0, data.length);

		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.IPV4, 12, 42));
	}

	@Test
	void writesReportLength0xFFForALastReportTooLongForTheField() throws MalformedTelemetry {
		byte[] big = Hex.concat(InnerPackets.IPV4_TCP, new byte[1002]); // > 0xFE words
		IndividualReport individual = new IndividualReport(0, 4, false, false, false, false, null, List.of(), null,
				new InnerPacket(InnerPacketKind.IPV4, 0, big.length));

		byte[] encoded = TelemetryReportCodec.encode(new TelemetryReportV20(0L, 0L, 1L, List.of(individual)), big);

		assertThat(encoded[9] & 0xFF).isEqualTo(0xFF);
		assertThat(encoded).hasSize(8 + 4 + big.length);
		assertThat(TelemetryReportCodec.decode(encoded, 0, encoded.length).innerPackets())
			.containsExactly(new InnerPacket(InnerPacketKind.IPV4, 12, big.length));
	}

}
