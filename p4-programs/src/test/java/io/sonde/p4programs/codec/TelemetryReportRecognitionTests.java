package io.sonde.p4programs.codec;

import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Telling telemetry reports apart from other UDP payloads by content (WIRE_FACTS C.6).
 */
class TelemetryReportRecognitionTests {

	@Test
	void recognisesEachFormat() {
		assertThat(recognise(TelemetryReportV20CodecTests.EXAMPLE_4_1)).contains(ReportFormat.TR2_0);
		assertThat(recognise(TelemetryReportV20CodecTests.TWO_REPORTS)).contains(ReportFormat.TR2_0);
		assertThat(recognise(TelemetryReportV20CodecTests.TLVS)).contains(ReportFormat.TR2_0);
		assertThat(recognise(TelemetryReportLegacyCodecTests.V10_WITH_LATENCY)).contains(ReportFormat.TR1_0);
		assertThat(recognise(TelemetryReportLegacyCodecTests.V05_LOCAL)).contains(ReportFormat.TR0_5);
	}

	@Test
	void rejectsDnsQueriesAndResponsesWhateverTheirIdSays() {
		// A DNS ID's first nibble 0, 1 or 2 reads as a report version; the rest must
		// give it away.
		for (String id : new String[] { "0A 2B", "1A 2B", "2A 2B" }) {
			byte[] query = Hex.bytes(id, "01 00", // flags: recursion desired
					"00 01 00 00 00 00 00 00", // 1 question
					"07 65 78 61 6D 70 6C 65 03 63 6F 6D 00", // example.com
					"00 01 00 01"); // type A, class IN
			byte[] response = Hex.concat(Hex.bytes(id, "81 80", // flags: response, RD, RA
					"00 01 00 01 00 00 00 00"), // 1 question, 1 answer
					// question: example.com A IN; answer: A 93.184.216.34
					Hex.bytes("07 65 78 61 6D 70 6C 65 03 63 6F 6D 00 00 01 00 01"), //
					Hex.bytes("C0 0C 00 01 00 01 00 00 0E 10 00 04 5D B8 D8 22"));

			assertThat(recognise(query)).as("query with id %s", id).isEmpty();
			assertThat(recognise(response)).as("response with id %s", id).isEmpty();
		}
	}

	@Test
	void rejectsNtpPackets() {
		// 23: mode 3, version 4; E9 3C 4F 1A 12 34 56 78: the transmit timestamp.
		byte[] ntpV4Client = Hex.concat(Hex.bytes("23 00 06 EC"), new byte[36], Hex.bytes("E9 3C 4F 1A 12 34 56 78"));
		byte[] ntpV3Client = ntpV4Client.clone();
		ntpV3Client[0] = 0x1B;

		assertThat(recognise(ntpV4Client)).isEmpty();
		assertThat(recognise(ntpV3Client)).isEmpty();
	}

	@Test
	void rejectsRandomPayloads() {
		Random random = new Random(20240531L);
		int recognised = 0;
		for (int i = 0; i < 20_000; i++) {
			byte[] payload = new byte[random.nextInt(300)];
			random.nextBytes(payload);
			if (random.nextInt(3) == 0 && payload.length > 0) {
				// Force a report version into the first nibble.
				payload[0] = (byte) ((payload[0] & 0x0F) | (random.nextInt(3) << 4));
			}
			recognised += recognise(payload).isPresent() ? 1 : 0;
		}
		// Random bytes pass the version, length, reserved-bit and inner-packet checks
		// together far less often than once in ten thousand.
		assertThat(recognised).isLessThanOrEqualTo(2);
	}

	@Test
	void rejectsReportsWhoseInnerBytesAreNoPacket() {
		byte[] notIpv4 = TelemetryReportV20CodecTests.EXAMPLE_4_1.clone();
		notIpv4[28] = 0x00; // inner IPv4 version nibble
		byte[] notEthernet = TelemetryReportLegacyCodecTests.V05_LOCAL.clone();
		notEthernet[28 + 12] = 0x12; // EtherType 0x1200

		assertThat(recognise(notIpv4)).isEmpty();
		assertThat(recognise(notEthernet)).isEmpty();
	}

	@Test
	void rejectsReportsWithoutAnyPacket() {
		byte[] metadataOnly = Hex.bytes("20 00 00 01 00 00 00 01", // group header
				"10 03 01 80", // RepType 1, InType 0, Report Length 3, MD Length 1, D
				"00 01 00 00 00 00 00 00", // RepMdBits bit 15
				"04 2A 00 00"); // drop word

		assertThat(recognise(metadataOnly)).isEmpty();
	}

	@Test
	void rejectsReservedBitsTheSpecsKeepClear() {
		byte[] v20 = TelemetryReportV20CodecTests.EXAMPLE_4_1.clone();
		v20[11] |= 0x01; // individual report reserved bits
		byte[] v10 = TelemetryReportLegacyCodecTests.V10_WITH_LATENCY.clone();
		v10[2] |= 0x02; // word 0 bit 22, reserved
		byte[] v05 = TelemetryReportLegacyCodecTests.V05_LOCAL.clone();
		v05[2] |= 0x10; // word 0 bit 19, reserved

		assertThat(recognise(v20)).isEmpty();
		assertThat(recognise(v10)).isEmpty();
		assertThat(recognise(v05)).isEmpty();
	}

	@Test
	void rejectsADropWordWithPaddingSet() {
		byte[] dropReport = Hex.concat(Hex.bytes("01 80 00 00", // TR-0.5 drop report, D
				"00 00 00 01 00 00 00 02", // sequence, ingress timestamp
				"00 00 00 06 00 07 00 08"), // switch id, ports
				Hex.bytes("09 47 00 00"), InnerPackets.ETHERNET_IPV4_TCP);
		byte[] paddingSet = dropReport.clone();
		paddingSet[23] = 0x01; // drop word padding

		assertThat(recognise(dropReport)).contains(ReportFormat.TR0_5);
		assertThat(recognise(paddingSet)).isEmpty();
	}

	@Test
	void recognisesPacketsBehindVlanTags() {
		// 00 20 00 01 ...: TR-0.5, NProto 0.
		byte[] tagged = Hex.concat(Hex.bytes("00 20 00 01 00 00 00 05 00 00 00 06"),
				Hex.bytes("00 00 00 00 00 02 00 00 00 00 00 01"), // MACs
				Hex.bytes("88 A8 00 64 81 00 00 C8"), // S-tag 100, C-tag 200
				Hex.bytes("86 DD"), InnerPackets.IPV6_UDP_HEADER);

		assertThat(recognise(tagged)).contains(ReportFormat.TR0_5);
	}

	private static Optional<ReportFormat> recognise(byte[] payload) {
		return TelemetryReportCodec.recognise(payload, 0, payload.length);
	}

}
