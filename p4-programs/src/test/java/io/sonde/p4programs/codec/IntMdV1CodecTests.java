package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-MD v1.0 over TCP/UDP against bytes laid out by hand from INT-1.0 §4.6.1 and §4.7.
 */
class IntMdV1CodecTests {

	/**
	 * Two hops with 4-byte timestamps, 8-byte level-2 ports and the checksum complement.
	 */
	static final byte[] TWO_HOPS = Hex.bytes("01", // shim: Type 1 (hop-by-hop)
			"00", // reserved
			"11", // Length 17 words = 1 (shim) + 2 (header) + 2 hops x 7 words
			"5C", // original DSCP 0x17 in bits 0-5, reserved 2 bits
			"1B", // Ver 1, Rep 2, C 1, E 1
			"80", // M 1, reserved
			"07", // reserved, Hop ML 7
			"03", // Remaining Hop Count 3
			"CE 01", // instructions: switch id, L1 ports, ingress ts, egress ts, L2
						// ports, checksum complement
			"00 00", // reserved
			// newest hop (switch 8)
			"00 00 00 08", // switch id 8
			"00 01 00 02", // ingress port 1, egress port 2
			"00 00 03 E8", // ingress timestamp 1000
			"00 00 07 D0", // egress timestamp 2000
			"00 00 00 21 FF FF FF FF", // level-2 ingress 33, level-2 egress unavailable
			"12 34 56 78", // checksum complement
			// source hop (switch 7)
			"00 00 00 07", // switch id 7
			"00 05 00 06", // ingress port 5, egress port 6
			"00 00 00 01", // ingress timestamp 1
			"00 00 00 02", // egress timestamp 2
			"00 00 00 11 00 00 00 12", // level-2 ingress 17, egress 18
			"00 00 00 00"); // checksum complement

	@Test
	void decodesTheV10Layout() throws MalformedTelemetry {
		IntMdPacket packet = IntMdCodec.decode(TWO_HOPS, 0, TWO_HOPS.length);

		assertThat(packet.version()).isEqualTo(IntVersion.V1_0);
		assertThat(packet.shim()).isEqualTo(new IntShim(1, 0, 17, 0x5C));
		assertThat(packet.shim().originalDscp()).hasValue(0x17);
		IntMdHeader header = packet.header();
		assertThat(header.replication()).isEqualTo(2);
		assertThat(header.copy()).isTrue();
		assertThat(header.hopCountExceeded()).isTrue();
		assertThat(header.mtuExceeded()).isTrue();
		assertThat(header.hopMetadataLength()).isEqualTo(7);
		assertThat(header.remainingHopCount()).isEqualTo(3);
		assertThat(packet.hops()).containsExactly(
				IntHop.of(Map.of(HopValue.SWITCH_ID, 7L, HopValue.INGRESS_PORT, 5L, HopValue.EGRESS_PORT, 6L,
						HopValue.INGRESS_TS, 1L, HopValue.EGRESS_TS, 2L, HopValue.L2_INGRESS_PORT, 17L,
						HopValue.L2_EGRESS_PORT, 18L, HopValue.CHECKSUM_COMPLEMENT, 0L)),
				IntHop.of(Map.of(HopValue.SWITCH_ID, 8L, HopValue.INGRESS_PORT, 1L, HopValue.EGRESS_PORT, 2L,
						HopValue.INGRESS_TS, 1000L, HopValue.EGRESS_TS, 2000L, HopValue.L2_INGRESS_PORT, 33L,
						HopValue.L2_EGRESS_PORT, 0xFFFF_FFFFL, HopValue.CHECKSUM_COMPLEMENT, 0x1234_5678L)));
		assertThat(packet.endOffset()).isEqualTo(TWO_HOPS.length);
		assertThat(IntMdCodec.encode(packet)).isEqualTo(TWO_HOPS);
	}

	@Test
	void buildsTheV10LayoutFromPathOrderHops() {
		IntHop hop = IntHop.of(Map.of(HopValue.SWITCH_ID, 3L, HopValue.HOP_LATENCY, 250L));

		IntMdPacket packet = IntMdPacket.build(IntVersion.V1_0, IntShim.legacy(0x17), IntMdHeader.v1(0xA000, 2, 7),
				List.of(hop), List.of(), null);

		// The shim, 01 00 05 5C: Length 5 words, DSCP 0x17.
		assertThat(IntMdCodec.encode(packet)).isEqualTo(Hex.bytes("01 00 05 5C", // shim
				"10 00 02 07", // Ver 1, Hop ML 2, Remaining Hop Count 7
				"A0 00 00 00", // instructions: switch id, hop latency; reserved
				"00 00 00 03", // switch id 3
				"00 00 00 FA")); // hop latency 250
	}

	@Test
	void decodesGeantEightByteTimestampsByTheSpecAndKeepsItsSequenceNumber() throws MalformedTelemetry {
		// WIRE_FACTS C.5: GEANT int-platforms write 8-byte timestamps into v1.0 and a
		// sequence number into the reserved half of word 1. By the v1.0 spec the
		// timestamp is 4 bytes, so the hop decodes with the high word as the timestamp
		// and the low word as an extra word.
		byte[] data = Hex.bytes("01 00 06 80", // shim: Length 6 words, original DSCP 0x20
				"10 00 03 05", // Ver 1, Hop ML 3 (GEANT's size), Remaining Hop Count 5
				"88 00", // instructions: switch id, ingress timestamp
				"00 2A", // "reserved": GEANT sequence number 42
				"00 00 00 01", // switch id 1
				"00 00 00 05 00 00 00 06"); // GEANT's 8-byte ingress timestamp

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.header().reserved()).isEqualTo(42);
		assertThat(packet.hops())
			.containsExactly(new IntHop(Map.of(HopValue.SWITCH_ID, 1L, HopValue.INGRESS_TS, 5L), List.of(6L)));
		assertThat(IntMdCodec.encode(packet)).isEqualTo(data);
	}

}
