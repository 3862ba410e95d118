package io.sonde.p4programs.codec;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Telemetry Report v1.0 (TR-1.0 §3.2) and v0.5 (TR-0.5 §3.2) against bytes laid out by
 * hand.
 */
class TelemetryReportLegacyCodecTests {

	/** TR-1.0 with one word of metadata (hop latency), then an Ethernet frame. */
	static final byte[] V10_WITH_LATENCY = Hex.concat(Hex.bytes("15", // Ver 1, 5 words
			"08", // NProt 0 (Ethernet), RepMdBits 0b010000 (hop latency) starts at bit 11
			"01", // RepMdBits low bit 0, reserved, D 1
			"02", // Q 0, F 0, hw_id 2
			"00 00 00 0B", // switch id 11
			"00 00 01 00", // sequence 256
			"3B 9A CA 00", // ingress timestamp 10^9 ns
			"00 00 00 2C"), // hop latency 44
			InnerPackets.ETHERNET_IPV4_TCP);

	@Test
	void decodesTheV10Header() throws MalformedTelemetry {
		TelemetryReportV10 report = (TelemetryReportV10) TelemetryReportCodec.decode(V10_WITH_LATENCY, 0,
				V10_WITH_LATENCY.length);

		assertThat(report.format()).isEqualTo(ReportFormat.TR1_0);
		assertThat(report.hardwareId()).isEqualTo(2L);
		assertThat(report.nodeId()).isEqualTo(11L);
		assertThat(report.sequence()).isEqualTo(256L);
		assertThat(report.ingressTimestamp()).isEqualTo(1_000_000_000L);
		assertThat(report.repMdBits()).isEqualTo(0x10);
		assertThat(report.dropped()).isTrue();
		assertThat(report.congestedQueue() || report.trackedFlow()).isFalse();
		assertThat(report.metadata()).isEqualTo(IntHop.of(Map.of(HopValue.HOP_LATENCY, 44L)));
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.ETHERNET, 20, 54));
		assertThat(TelemetryReportCodec.encode(report, V10_WITH_LATENCY)).isEqualTo(V10_WITH_LATENCY);
	}

	@Test
	void decodesOnosBasicFlagsInReservedBitsAsTheSpecSays() throws MalformedTelemetry {
		// WIRE_FACTS C.5: ONOS basic writes D, Q, F right after RepMdBits (bits 17-19),
		// where TR-1.0 has reserved bits; they are tolerated and not read as flags.
		byte[] data = Hex.concat(Hex.bytes("14", // ver 1, len 4
				"00", // nproto 0, rep_md_bits 0
				"10", // rep_md_bits low bit 0, d 0, q 0, f 1 (bit 19), rsvd
				"01", // rsvd, hw_id 1
				"00 00 00 03", // sw_id 3
				"00 00 00 00", // seq_no 0
				"00 00 10 00"), // ingress_tstamp
				InnerPackets.ETHERNET_IPV4_TCP);

		TelemetryReport report = TelemetryReportCodec.decode(data, 0, data.length);

		assertThat(report.nodeId()).isEqualTo(3L);
		assertThat(report.hardwareId()).isEqualTo(1L);
		assertThat(((TelemetryReportV10) report).trackedFlow()).isFalse();
		assertThat(TelemetryReportCodec.recognise(data, 0, data.length)).contains(ReportFormat.TR1_0);
	}

	@Test
	void decodesGeantReportsAndTheirEmbeddedPacket() throws MalformedTelemetry {
		byte[] data = Hex.concat(Hex.bytes("14 00 00 40", // ver 1, len 4, nprot 0,
															// rep_md_bits 0, F 1, hw_id 0
				"00 00 00 05", // switch id 5
				"00 00 00 09", // sequence 9
				"00 00 00 00"), // ingress timestamp
				InnerPackets.ETHERNET_IPV4_TCP);

		TelemetryReportV10 report = (TelemetryReportV10) TelemetryReportCodec.decode(data, 0, data.length);

		assertThat(report.trackedFlow()).isTrue();
		assertThat(report.sequence()).isEqualTo(9L);
		assertThat(report.innerPacket()).isEqualTo(new InnerPacket(InnerPacketKind.ETHERNET, 16, 54));
	}

	@Test
	void decodesAV10ReportOfAnIpv6Packet() throws MalformedTelemetry {
		byte[] data = Hex.concat(Hex.bytes("14 40 00 00", // ver 1, len 4, NProt 2 (IPv6)
				"00 00 00 01", "00 00 00 02", "00 00 00 03"), InnerPackets.IPV6_UDP_HEADER);

		assertThat(TelemetryReportCodec.decode(data, 0, data.length).innerPackets())
			.containsExactly(new InnerPacket(InnerPacketKind.IPV6, 16, 40));
	}

	/** TR-0.5 with a Switch Local Report header. */
	static final byte[] V05_LOCAL = Hex.concat(Hex.bytes("02", // Ver 0, NProto 2: local
			"20", // D 0, Q 0, F 1, reserved
			"00", // reserved
			"01", // reserved, hw_id 1
			"00 00 00 63", // sequence 99
			"00 00 00 10", // ingress timestamp 16
			"00 00 00 04", // switch id 4
			"00 01 00 02", // ingress port 1, egress port 2
			"03 00 00 40", // queue 3, occupancy 64
			"00 00 00 20"), // egress timestamp 32
			InnerPackets.ETHERNET_IPV4_TCP);

	@Test
	void decodesTheV05SwitchLocalReport() throws MalformedTelemetry {
		TelemetryReportV05 report = (TelemetryReportV05) TelemetryReportCodec.decode(V05_LOCAL, 0, V05_LOCAL.length);

		assertThat(report.format()).isEqualTo(ReportFormat.TR0_5);
		assertThat(report.nextProtocol()).isEqualTo(TelemetryReportV05.NPROTO_SWITCH_LOCAL);
		assertThat(report.trackedFlow()).isTrue();
		assertThat(report.hardwareId()).isEqualTo(1L);
		assertThat(report.sequence()).isEqualTo(99L);
		assertThat(report.ingressTimestamp()).isEqualTo(16L);
		assertThat(report.nodeId()).isEqualTo(4L);
		assertThat(report.metadata())
			.isEqualTo(IntHop.of(Map.of(HopValue.SWITCH_ID, 4L, HopValue.INGRESS_PORT, 1L, HopValue.EGRESS_PORT, 2L,
					HopValue.QUEUE_ID, 3L, HopValue.QUEUE_OCCUPANCY, 64L, HopValue.EGRESS_TS, 32L)));
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.ETHERNET, 28, 54));
		assertThat(TelemetryReportCodec.encode(report, V05_LOCAL)).isEqualTo(V05_LOCAL);
	}

	@Test
	void decodesTheV05DropReport() throws MalformedTelemetry {
		byte[] data = Hex.concat(Hex.bytes("01 80 00 00", // Ver 0, NProto 1 (drop
															// report), D 1, hw_id 0
				"00 00 00 01", // sequence 1
				"00 00 00 02", // ingress timestamp 2
				"00 00 00 06", // switch id 6
				"00 07 00 08", // ingress port 7, egress port 8
				"09 47 00 00"), // queue 9, drop reason 71, padding
				InnerPackets.ETHERNET_IPV4_TCP);

		TelemetryReportV05 report = (TelemetryReportV05) TelemetryReportCodec.decode(data, 0, data.length);

		assertThat(report.dropped()).isTrue();
		assertThat(report.metadata()).isEqualTo(IntHop.of(Map.of(HopValue.SWITCH_ID, 6L, HopValue.INGRESS_PORT, 7L,
				HopValue.EGRESS_PORT, 8L, HopValue.DROP_QUEUE_ID, 9L, HopValue.DROP_REASON, 71L)));
		assertThat(report.innerPacket()).isEqualTo(new InnerPacket(InnerPacketKind.ETHERNET, 24, 54));
		assertThat(TelemetryReportCodec.encode(report, data)).isEqualTo(data);
	}

	@Test
	void decodesOnosFabricV05ReportsWithoutANodeId() throws MalformedTelemetry {
		byte[] data = Hex.concat(Hex.bytes("00 20 00 01", // ver 0, nproto 0 (Ethernet), f
															// 1, hw_id 1
				"00 00 00 05", // seq_no 5
				"00 00 00 06"), // ingress_tstamp 6
				InnerPackets.ETHERNET_IPV4_TCP);

		TelemetryReport report = TelemetryReportCodec.decode(data, 0, data.length);

		assertThat(report.nodeId()).isNull();
		assertThat(report.sequence()).isEqualTo(5L);
		assertThat(report.innerPackets()).containsExactly(new InnerPacket(InnerPacketKind.ETHERNET, 12, 54));
	}

}
