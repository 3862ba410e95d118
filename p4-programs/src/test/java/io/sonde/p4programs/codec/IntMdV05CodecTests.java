package io.sonde.p4programs.codec;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * INT-MD v0.5 over TCP/UDP against bytes laid out by hand from INT-0.5 §5.3.1 and §5.3.4.
 */
class IntMdV05CodecTests {

	/** Two hops of three words and the tail. */
	static final byte[] TWO_HOPS = Hex.bytes("01", // shim: Type 1 (hop-by-hop)
			"00", // reserved
			"0A", // Length 10 words = shim + 2 (header) + 2 hops x 3 words + tail
			"00", // reserved
			"06", // Ver 0, Rep 1, C 1, E 0
			"03", // reserved, Ins Cnt 3
			"08", // Max Hop Count 8
			"02", // Total Hop Count 2
			"B0 00", // instructions: switch id, hop latency, queue id + occupancy
			"00 00", // reserved
			// newest hop (switch 2)
			"00 00 00 02", // switch id 2
			"00 00 00 64", // hop latency 100
			"01 00 00 20", // queue 1, occupancy 32
			// first hop (switch 1)
			"00 00 00 01", // switch id 1
			"00 00 00 0A", // hop latency 10
			"00 00 00 00", // queue 0, occupancy 0
			// tail
			"06", // original protocol TCP
			"00 50", // original destination port 80
			"5C"); // original DSCP byte

	@Test
	void decodesTheV05LayoutWithItsTail() throws MalformedTelemetry {
		byte[] data = Hex.concat(TWO_HOPS, Hex.bytes("47 45 54 20")); // "GET " follows

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.version()).isEqualTo(IntVersion.V0_5);
		IntMdHeader header = packet.header();
		assertThat(header.replication()).isEqualTo(1);
		assertThat(header.copy()).isTrue();
		assertThat(header.hopMetadataLength()).isEqualTo(3);
		assertThat(header.maxHopCount()).isEqualTo(8);
		assertThat(header.totalHopCount()).isEqualTo(2);
		assertThat(header.remainingHops()).isEqualTo(6);
		assertThat(packet.hops()).containsExactly(
				IntHop.of(Map.of(HopValue.SWITCH_ID, 1L, HopValue.HOP_LATENCY, 10L, HopValue.QUEUE_ID, 0L,
						HopValue.QUEUE_OCCUPANCY, 0L)),
				IntHop.of(Map.of(HopValue.SWITCH_ID, 2L, HopValue.HOP_LATENCY, 100L, HopValue.QUEUE_ID, 1L,
						HopValue.QUEUE_OCCUPANCY, 32L)));
		assertThat(packet.tail()).isEqualTo(new IntTail(6, 80, 0x5C));
		assertThat(packet.endOffset()).isEqualTo(TWO_HOPS.length);
		assertThat(IntMdCodec.encode(packet)).isEqualTo(TWO_HOPS);
	}

	@Test
	void readsTheV05QueueCongestionWord() throws MalformedTelemetry {
		byte[] data = Hex.bytes("01 00 05 00", // shim: Length 5 = shim + header + 1 hop x
												// 1 word + tail
				"00 01 04 01", // Ver 0, Ins Cnt 1, Max Hop Count 4, Total Hop Count 1
				"02 00 00 00", // bit 6: queue id + congestion; rsvd
				"03 00 00 07", // queue 3, congestion status 7
				"11 12 B5 00"); // tail: UDP, port 4789, DSCP byte 0

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.hops())
			.containsExactly(IntHop.of(Map.of(HopValue.CONGESTION_QUEUE_ID, 3L, HopValue.QUEUE_CONGESTION_STATUS, 7L)));
		assertThat(packet.tail()).isEqualTo(new IntTail(17, 4789, 0));
	}

	@Test
	void buildsTheTotalHopCountAndLengthFromTheHops() {
		IntHop hop = IntHop.of(Map.of(HopValue.SWITCH_ID, 9L));

		IntMdPacket packet = IntMdPacket.build(IntVersion.V0_5, IntShim.legacy(0), IntMdHeader.v05(0x8000, 8),
				List.of(hop, hop), List.of(), new IntTail(6, 443, 0));

		// The shim, 01 00 06 00: Length 6 words.
		assertThat(IntMdCodec.encode(packet)).isEqualTo(Hex.bytes("01 00 06 00", // shim
				"00 01 08 02", // Ver 0, Ins Cnt 1, Max Hop Count 8, Total Hop Count 2
				"80 00 00 00", // instructions: switch id; reserved
				"00 00 00 09", "00 00 00 09", // two hops
				"06 01 BB 00")); // tail: TCP, port 443
	}

	@Test
	void decodesOnosFabricDraftHeadersByTheV05Layout() throws MalformedTelemetry {
		// WIRE_FACTS C.5: ONOS fabric writes a pre-v0.5 header (2-bit Ver, Rep 2, C, E at
		// bit 5, Rsvd1 5, Ins Cnt 5, ...) and a tail with 2 padding bits + 6-bit DSCP.
		// Lengths and bitmap sit where v0.5 has them, so it decodes; the flag bits read
		// as v0.5 defines them.
		byte[] data = Hex.bytes("01 00 05 00", // shim: type 1, len 4 + 1 hop
				"04", // ver 0 (2 bits), rep 0, c 0, e 1 (bit 5), rsvd1
				"01", // rsvd1, ins_cnt 1
				"03 01", // max_hop_cnt 3, total_hop_cnt 1
				"80 00 00 00", // instruction mask nibbles: switch id; rsvd2
				"00 00 00 2A", // switch id 42
				"11", // tail: next_proto UDP
				"12 B5", // dest_port 4789
				"01"); // padding 2 bits, dscp 1 (the fabric INT bit)

		IntMdPacket packet = IntMdCodec.decode(data, 0, data.length);

		assertThat(packet.version()).isEqualTo(IntVersion.V0_5);
		assertThat(packet.hops()).containsExactly(IntHop.of(Map.of(HopValue.SWITCH_ID, 42L)));
		assertThat(packet.header().replication()).isEqualTo(1);
		assertThat(packet.header().hopCountExceeded()).isFalse();
		assertThat(packet.tail()).isEqualTo(new IntTail(17, 4789, 1));
	}

}
