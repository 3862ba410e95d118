package io.sonde.p4programs.codec;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-MD v2.1 over TCP/UDP against bytes laid out by hand from INT-2.1 §5.7.2 and §5.8.
 */
class IntMdV2CodecTests {

	/**
	 * Two hops, 8-byte timestamps, DSCP signalling, the newest hop's egress timestamp
	 * unavailable.
	 */
	static final byte[] TWO_HOPS_DSCP = Hex.bytes("10", // shim: Type 1 (MD), NPT 0, R 0
			"0F", // shim Length: 15 words = 3 (MD header) + 2 hops x 6 words
			"00 5C", // reserved byte, original DSCP 0x17 in bits 0-5 of byte 3
			"20", // Ver 2, D 0, E 0, M 0, reserved
			"00", // reserved
			"06", // reserved bits, Hop ML 6 words
			"06", // Remaining Hop Count 6
			"CC 00", // instructions: bit 0 node id, bit 1 L1 ports, bit 4 ingress ts, bit
						// 5 egress ts
			"00 00", // Domain Specific ID: default
			"00 00", // DS Instruction
			"00 00", // DS Flags
			// hop 0 on the wire = the newest hop, switch 2
			"00 00 00 02", // node id 2
			"00 03 00 04", // ingress port 3, egress port 4
			"00 00 00 00 00 00 10 00", // ingress timestamp 0x1000
			"FF FF FF FF FF FF FF FF", // egress timestamp unavailable (all ones)
			// hop 1 on the wire = the source, switch 1
			"00 00 00 01", // node id 1
			"00 01 00 02", // ingress port 1, egress port 2
			"00 00 00 01 00 00 00 00", // ingress timestamp 2^32
			"00 00 00 01 00 00 00 10"); // egress timestamp 2^32 + 16

	@Test
	void decodesHopsInPathOrderWithEightByteTimestamps() throws MalformedTelemetry {
		byte[] data = Hex.concat(Hex.bytes("AA BB"), TWO_HOPS_DSCP, Hex.bytes("DE AD"));

		IntMdPacket packet = IntMdCodec.decode(data, 2, data.length - 2);

		assertThat(packet.version()).isEqualTo(IntVersion.V2_1);
		assertThat(packet.shim()).isEqualTo(new IntShim(1, 0, 15, 0x005C));
		assertThat(packet.shim().originalDscp()).hasValue(0x17);
		assertThat(packet.header().hopMetadataLength()).isEqualTo(6);
		assertThat(packet.header().remainingHopCount()).isEqualTo(6);
		assertThat(packet.header().instructions()).isEqualTo(0xCC00);
		assertThat(packet.hops()).containsExactly(
				IntHop.of(Map.of(HopValue.SWITCH_ID, 1L, HopValue.INGRESS_PORT, 1L, HopValue.EGRESS_PORT, 2L,
						HopValue.INGRESS_TS, 0x1_0000_0000L, HopValue.EGRESS_TS, 0x1_0000_0010L)),
				IntHop.of(Map.of(HopValue.SWITCH_ID, 2L, HopValue.INGRESS_PORT, 3L, HopValue.EGRESS_PORT, 4L,
						HopValue.INGRESS_TS, 0x1000L, HopValue.EGRESS_TS, -1L)));
		assertThat(packet.endOffset()).isEqualTo(2 + TWO_HOPS_DSCP.length);
	}

	@Test
	void keepsTheValuesOfTheBitmapInBitmapOrder() throws MalformedTelemetry {
		IntMdPacket packet = IntMdCodec.decode(TWO_HOPS_DSCP, 0, TWO_HOPS_DSCP.length);

		assertThat(packet.hops().get(0).values().keySet()).containsExactly(HopValue.SWITCH_ID, HopValue.INGRESS_PORT,
				HopValue.EGRESS_PORT, HopValue.INGRESS_TS, HopValue.EGRESS_TS);
	}

	@Test
	void encodesTheHandWrittenLayout() throws MalformedTelemetry {
		IntMdPacket packet = IntMdCodec.decode(TWO_HOPS_DSCP, 0, TWO_HOPS_DSCP.length);

		assertThat(IntMdCodec.encode(packet)).isEqualTo(TWO_HOPS_DSCP);
	}

	@Test
	void buildsTheSameBytesFromPathOrderHops() {
		IntHop source = IntHop.of(Map.of(HopValue.SWITCH_ID, 1L, HopValue.INGRESS_PORT, 1L, HopValue.EGRESS_PORT, 2L,
				HopValue.INGRESS_TS, 0x1_0000_0000L, HopValue.EGRESS_TS, 0x1_0000_0010L));
		IntHop second = IntHop.of(Map.of(HopValue.SWITCH_ID, 2L, HopValue.INGRESS_PORT, 3L, HopValue.EGRESS_PORT, 4L,
				HopValue.INGRESS_TS, 0x1000L, HopValue.EGRESS_TS, -1L));

		IntMdPacket packet = IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 0x17 << 2), IntMdHeader.v2(0xCC00, 6, 6),
				List.of(source, second), List.of(), null);

		assertThat(packet.shim().length()).isEqualTo(15);
		assertThat(packet.endOffset()).isEqualTo(TWO_HOPS_DSCP.length);
		assertThat(IntMdCodec.encode(packet)).isEqualTo(TWO_HOPS_DSCP);
	}

	/**
	 * Every baseline value, the checksum complement after the domain-specific word, NPT
	 * 1.
	 */
	static final byte[] ALL_VALUES_NPT1 = Hex.bytes("14", // shim: Type 1, NPT 1 (original
															// UDP payload follows)
			"11", // shim Length 17 = 3 + 1 hop x 14 words
			"12 B5", // original UDP destination port 4789
			"2E", // Ver 2, D 1, E 1, M 1
			"00", // reserved
			"0E", // Hop ML 14
			"00", // Remaining Hop Count 0
			"FF 81", // instructions: bits 0-8 and 15 (checksum complement)
			"00 01", // Domain Specific ID 1
			"80 00", // DS Instruction: one domain-specific word
			"00 02", // DS Flags
			"00 00 00 0A", // bit 0: node id 10
			"00 0B 00 0C", // bit 1: ingress 11, egress 12
			"00 00 00 0D", // bit 2: hop latency 13
			"0E 00 00 0F", // bit 3: queue 14, occupancy 15
			"00 00 00 00 00 00 00 10", // bit 4: ingress timestamp 16
			"00 00 00 00 00 00 00 11", // bit 5: egress timestamp 17
			"00 00 00 12 00 00 00 13", // bit 6: level-2 ingress 18, egress 19
			"00 00 00 14", // bit 7: egress tx utilization 20
			"15 00 00 16", // bit 8: buffer 21, occupancy 22
			"CA FE BA BE", // domain-specific metadata word
			"FF FF FF FF"); // bit 15: checksum complement

	@Test
	void decodesEveryInstructionDomainFieldsAndFlags() throws MalformedTelemetry {
		IntMdPacket packet = IntMdCodec.decode(ALL_VALUES_NPT1, 0, ALL_VALUES_NPT1.length);

		assertThat(packet.shim().originalUdpDestinationPort()).hasValue(4789);
		assertThat(packet.shim().originalDscp()).isEmpty();
		IntMdHeader header = packet.header();
		assertThat(header.discard()).isTrue();
		assertThat(header.hopCountExceeded()).isTrue();
		assertThat(header.mtuExceeded()).isTrue();
		assertThat(header.domainSpecificId()).isEqualTo(1);
		assertThat(header.domainSpecificInstructions()).isEqualTo(0x8000);
		assertThat(header.domainSpecificFlags()).isEqualTo(2);
		IntHop hop = packet.hops().get(0);
		assertThat(hop.values()).containsExactly(Map.entry(HopValue.SWITCH_ID, 10L),
				Map.entry(HopValue.INGRESS_PORT, 11L), Map.entry(HopValue.EGRESS_PORT, 12L),
				Map.entry(HopValue.HOP_LATENCY, 13L), Map.entry(HopValue.QUEUE_ID, 14L),
				Map.entry(HopValue.QUEUE_OCCUPANCY, 15L), Map.entry(HopValue.INGRESS_TS, 16L),
				Map.entry(HopValue.EGRESS_TS, 17L), Map.entry(HopValue.L2_INGRESS_PORT, 18L),
				Map.entry(HopValue.L2_EGRESS_PORT, 19L), Map.entry(HopValue.EGRESS_TX_UTIL, 20L),
				Map.entry(HopValue.BUFFER_ID, 21L), Map.entry(HopValue.BUFFER_OCCUPANCY, 22L),
				Map.entry(HopValue.CHECKSUM_COMPLEMENT, 0xFFFF_FFFFL));
		assertThat(hop.extraWords()).containsExactly(0xCAFE_BABEL);
		assertThat(IntMdCodec.encode(packet)).isEqualTo(ALL_VALUES_NPT1);
	}

	@Test
	void readsTheOriginalProtocolOfANewUdpHeaderAndSourceOnlyMetadata() throws MalformedTelemetry {
		byte[] data = Hex.bytes("18", // shim: Type 1, NPT 2 (L4 after stack)
				"06", // shim Length 6 = 3 + 1 hop x 2 words + 1 source-only word
				"00 06", // reserved, original IP protocol 6 (TCP)
				"20 00 02 07", // Ver 2, Hop ML 2, Remaining Hop Count 7
				"80 00", // instructions: node id
				"00 42", // Domain Specific ID 0x42
				"40 00", // DS Instruction
				"00 00", // DS Flags
				"00 00 00 05", // hop: node id 5
				"00 00 00 63", // hop: domain-specific word
				"77 77 77 77", // source-only metadata at the bottom of the stack
				"04 D2 00 50"); // the original TCP header begins

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.shim().originalIpProtocol()).hasValue(6);
		assertThat(packet.hops()).containsExactly(new IntHop(Map.of(HopValue.SWITCH_ID, 5L), List.of(0x63L)));
		assertThat(packet.sourceOnlyWords()).containsExactly(0x7777_7777L);
		assertThat(packet.endOffset()).isEqualTo(data.length - 4);
		assertThat(IntMdCodec.encode(packet)).isEqualTo(Arrays.copyOf(data, data.length - 4));
	}

	@Test
	void acceptsReservedInstructionBitsWithOrWithoutTheirFillerWord() throws MalformedTelemetry {
		// A.6: a node inserts 4 bytes of all ones for a reserved bit, or skips
		// it; Hop ML says which.
		byte[] withFiller = Hex.bytes("10 05 00 00", // shim: MD, Length 5 = 3 + 1 x 2
				"20 00 02 01", // Ver 2, Hop ML 2, Remaining Hop Count 1
				"80 40", // instructions: node id + reserved bit 9
				"00 00", // Domain Specific ID: default
				"00 00 00 00", // DS Instruction, DS Flags
				"00 00 00 09", // node id 9
				"FF FF FF FF"); // filler for bit 9
		byte[] withoutFiller = Hex.bytes("10 04 00 00", // shim: INT-MD, Length 4 = 3 + 1
														// hop x 1
				"20 00 01 01", // Ver 2, Hop ML 1, Remaining Hop Count 1
				"80 40", // instructions: node id + reserved bit 9
				"00 00", // Domain Specific ID: default
				"00 00 00 00", // DS Instruction, DS Flags
				"00 00 00 09"); // node id 9

		assertThat(IntMdCodec.decode(withFiller, 0, withFiller.length).hops())
			.containsExactly(new IntHop(Map.of(HopValue.SWITCH_ID, 9L), List.of(0xFFFF_FFFFL)));
		assertThat(IntMdCodec.decode(withoutFiller, 0, withoutFiller.length).hops())
			.containsExactly(IntHop.of(Map.of(HopValue.SWITCH_ID, 9L)));
	}

	@Test
	void decodesAnEmptyStackAsTheSourceSentIt() throws MalformedTelemetry {
		byte[] data = Hex.bytes("10 03 00 00", // shim: INT-MD, Length 3 (header only)
				"20 00 03 08", // Ver 2, Hop ML 3, Remaining Hop Count 8
				"B0 00", // instructions: node id, L1 ports, queue
				"00 00", // Domain Specific ID: default
				"00 00 00 00"); // DS Instruction, DS Flags

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.hops()).isEmpty();
		assertThat(packet.header().remainingHops()).isEqualTo(8);
		assertThat(packet.endOffset()).isEqualTo(16);
	}

}
