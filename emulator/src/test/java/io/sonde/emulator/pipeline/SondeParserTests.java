package io.sonde.emulator.pipeline;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.sonde.p4programs.codec.IntHop;

import static org.assertj.core.api.Assertions.assertThat;

class SondeParserTests {

	private final ParsedHeaders headers = new ParsedHeaders();

	private void parse(byte[] frame) {
		SondeParser.parse(frame, frame.length, this.headers);
	}

	@Test
	void findsUdpBehindIpv4AndCopiesTheFlowIdentity() {
		parse(TestFrames.udp().ports(1234, 80).dscp(10).build());
		assertThat(this.headers.ipv4).isTrue();
		assertThat(this.headers.ipOffset).isEqualTo(14);
		assertThat(this.headers.udp).isTrue();
		assertThat(this.headers.l4Offset).isEqualTo(34);
		assertThat(this.headers.ipv4Src).isEqualTo(TestFrames.address(10, 0, 0, 1));
		assertThat(this.headers.ipv4Dst).isEqualTo(TestFrames.address(10, 0, 1, 2));
		assertThat(this.headers.ipProto).isEqualTo(17);
		assertThat(this.headers.l4SrcPort).isEqualTo(1234);
		assertThat(this.headers.l4DstPort).isEqualTo(80);
		assertThat(this.headers.dscp).isEqualTo(10);
		assertThat(this.headers.shim()).isFalse();
		assertThat(this.headers.parserError).isEqualTo(ParserError.NO_ERROR);
	}

	@Test
	void walksOneVlanTagAndIpv6() {
		parse(TestFrames.tcp().ipv6().vlan(7).dscp(3).build());
		assertThat(this.headers.vlanOffset).isEqualTo(14);
		assertThat(this.headers.ipv6).isTrue();
		assertThat(this.headers.ipOffset).isEqualTo(18);
		assertThat(this.headers.tcp).isTrue();
		assertThat(this.headers.l4Offset).isEqualTo(58);
		assertThat(this.headers.dscp).isEqualTo(3);
		assertThat(this.headers.ipv4Src).isZero();
	}

	@Test
	void stopsAtIpv4WithOptionsOrALaterFragment() {
		parse(TestFrames.udp().ipv4Options().build());
		assertThat(this.headers.ipv4).isTrue();
		assertThat(this.headers.udp).isFalse();
		parse(TestFrames.udp().fragmentOffset(8).build());
		assertThat(this.headers.udp).isFalse();
		assertThat(this.headers.l4SrcPort).isZero();
	}

	@Test
	void typesAWellFormedStackHopByHop() {
		int bitmap = 0xF000;
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(), IntTestFrames.intPacket(bitmap, 5, 0,
				List.of(IntTestFrames.hop(bitmap, 1), IntTestFrames.hop(bitmap, 2))));
		parse(frame);
		assertThat(this.headers.shimOffset).isEqualTo(42);
		assertThat(this.headers.intMd).isTrue();
		assertThat(this.headers.hopCount).isEqualTo(2);
		assertThat(this.headers.rawStackWords).isZero();
		assertThat(this.headers.parsedCleanly()).isTrue();
	}

	@Test
	void keepsAStackWithUnsupportedItemsAsRawWords() {
		// Bit 15 (checksum complement) is not one sonde.p4 types.
		int bitmap = 0x8001;
		IntHop hop = IntTestFrames.hop(0x8000, 1);
		byte[] intBytes = io.sonde.p4programs.codec.IntMdCodec
			.encode(IntTestFrames.intPacket(0x8000, 5, 0, List.of(hop)));
		intBytes[9] = (byte) bitmap; // the bitmap's low byte
		intBytes[6] = 2; // Hop ML: switch id + checksum complement
		intBytes[1] = 5; // shim Length: 3 + 2
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				java.util.Arrays.copyOf(intBytes, intBytes.length + 4));
		parse(frame);
		assertThat(this.headers.hopCount).isZero();
		assertThat(this.headers.rawStackWords).isEqualTo(2);
		assertThat(this.headers.parsedCleanly()).isTrue();
	}

	@Test
	void aNinthHopOverflowsTheHeaderStacks() {
		int bitmap = 0x8000;
		List<IntHop> hops = new java.util.ArrayList<>();
		for (int i = 0; i < 9; i++) {
			hops.add(IntTestFrames.hop(bitmap, i));
		}
		parse(IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(), IntTestFrames.intPacket(bitmap, 0, 0, hops)));
		assertThat(this.headers.parserError).isEqualTo(ParserError.STACK_OUT_OF_BOUNDS);
	}

	@Test
	void aStackThatDoesNotEndOnAHopBoundaryIsAMismatch() {
		int bitmap = 0xC000;
		byte[] intBytes = io.sonde.p4programs.codec.IntMdCodec
			.encode(IntTestFrames.intPacket(bitmap, 5, 0, List.of(IntTestFrames.hop(bitmap, 1))));
		intBytes[1] = 6; // Length claims one word more than the two-word hop
		byte[] frame = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).build(),
				java.util.Arrays.copyOf(intBytes, intBytes.length + 4));
		parse(frame);
		assertThat(this.headers.parserError).isEqualTo(ParserError.INT_STACK_LENGTH_MISMATCH);
	}

	@Test
	void aCutStackIsTooShort() {
		int bitmap = 0xC000;
		byte[] full = IntTestFrames.withInt(TestFrames.udp().dscp(0x17).payload(0).build(),
				IntTestFrames.intPacket(bitmap, 5, 0, List.of(IntTestFrames.hop(bitmap, 1))));
		SondeParser.parse(full, full.length - 2, this.headers);
		assertThat(this.headers.parserError).isEqualTo(ParserError.PACKET_TOO_SHORT);
		assertThat(this.headers.intMd).isTrue();
	}

	@Test
	void aShimShorterThanTheMdHeaderEndsParsing() {
		byte[] frame = TestFrames.udp().dscp(0x17).payload(16).build();
		frame[42] = 0x10; // Type 1, NPT 0
		frame[43] = 2; // Length 2 < 3
		parse(frame);
		assertThat(this.headers.shim()).isTrue();
		assertThat(this.headers.intMd).isFalse();
		assertThat(this.headers.parsedCleanly()).isTrue();
	}

	@Test
	void aRuntFrameIsTooShortForEthernet() {
		parse(new byte[10]);
		assertThat(this.headers.parserError).isEqualTo(ParserError.PACKET_TOO_SHORT);
		assertThat(this.headers.ipv4).isFalse();
	}

}
