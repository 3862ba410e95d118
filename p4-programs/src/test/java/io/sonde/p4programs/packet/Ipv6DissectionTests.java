package io.sonde.p4programs.packet;

import java.util.Arrays;

import io.sonde.p4programs.packet.MalformedFrame.Reason;
import io.sonde.p4programs.packet.Packets.Ipv6;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.packet.EthernetDissectionTests.dissect;
import static io.sonde.p4programs.packet.EthernetDissectionTests.malformed;
import static io.sonde.p4programs.packet.Packets.authenticationHeader;
import static io.sonde.p4programs.packet.Packets.concat;
import static io.sonde.p4programs.packet.Packets.ethernet;
import static io.sonde.p4programs.packet.Packets.extensionHeader;
import static io.sonde.p4programs.packet.Packets.fragmentHeader;
import static io.sonde.p4programs.packet.Packets.ipv6;
import static io.sonde.p4programs.packet.Packets.tcp;
import static io.sonde.p4programs.packet.Packets.udp;
import static io.sonde.p4programs.packet.Packets.udpWithLength;
import static org.assertj.core.api.Assertions.assertThat;

class Ipv6DissectionTests {

	private static final int IP = 14;

	private static final int AFTER_IP = 14 + 40;

	private static byte[] frame(Ipv6 ip, byte[]... payload) {
		return ethernet(0x86DD, ip.wrap(concat(payload)));
	}

	@Test
	void dissectsAPlainUdpPacket() throws Exception {
		Ipv6 ip = ipv6();
		ip.trafficClass = (10 << 2) | 2;
		ip.hopLimit = 9;
		ip.src = "2001:db8::a";
		ip.dst = "2001:DB8:0:0:1:0:0:2";

		DissectedFrame frame = dissect(frame(ip, udp(7777, 8888, new byte[12])));

		assertThat(frame.ipVersion()).isEqualTo(6);
		assertThat(frame.etherType()).isEqualTo(0x86DD);
		assertThat(frame.srcIp()).isEqualTo("2001:db8::a");
		assertThat(frame.dstIp()).isEqualTo("2001:db8::1:0:0:2");
		assertThat(frame.dscp()).isEqualTo(10);
		assertThat(frame.ecn()).isEqualTo(2);
		assertThat(frame.ttl()).isEqualTo(9);
		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.ipOffset()).isEqualTo(IP);
		assertThat(frame.l4Offset()).isEqualTo(AFTER_IP);
		assertThat(frame.payloadOffset()).isEqualTo(AFTER_IP + 8);
		assertThat(frame.payloadLength()).isEqualTo(12);
	}

	@Test
	void walksHopByHopRoutingAndDestinationOptionsHeaders() throws Exception {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.HOP_BY_HOP;

		DissectedFrame frame = dissect(frame(ip, extensionHeader(Ipv6Parser.ROUTING, 0),
				extensionHeader(Ipv6Parser.DESTINATION_OPTIONS, 1), extensionHeader(17, 2), udp(1, 2, new byte[4])));

		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.l4Offset()).isEqualTo(AFTER_IP + 8 + 16 + 24);
		assertThat(frame.srcPort()).isEqualTo(1);
		assertThat(frame.payloadLength()).isEqualTo(4);
	}

	@Test
	void sizesTheAuthenticationHeaderInFourByteWords() throws Exception {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.AUTHENTICATION;

		DissectedFrame frame = dissect(
				frame(ip, authenticationHeader(6, 4), tcp(179, 40000, new byte[0], new byte[7])));

		assertThat(frame.protocol()).isEqualTo(6);
		assertThat(frame.l4Offset()).isEqualTo(AFTER_IP + 24);
		assertThat(frame.srcPort()).isEqualTo(179);
		assertThat(frame.payloadOffset()).isEqualTo(AFTER_IP + 24 + 20);
		assertThat(frame.payloadLength()).isEqualTo(7);
	}

	@Test
	void readsTheUpperHeaderOfAFirstFragment() throws Exception {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.FRAGMENT;

		DissectedFrame frame = dissect(
				frame(ip, fragmentHeader(17, 0, true), udpWithLength(53, 5353, 4000, new byte[1000])));

		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.l4Offset()).isEqualTo(AFTER_IP + 8);
		assertThat(frame.srcPort()).isEqualTo(53);
		assertThat(frame.payloadLength()).isEqualTo(1000);
	}

	@Test
	void holdsAnAtomicFragmentToItsUdpLength() {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.FRAGMENT;

		MalformedFrame failure = malformed(
				frame(ip, fragmentHeader(17, 0, false), udpWithLength(53, 5353, 4000, new byte[1000])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
	}

	@Test
	void givesNoPortsForANonFirstFragment() throws Exception {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.HOP_BY_HOP;

		DissectedFrame frame = dissect(
				frame(ip, extensionHeader(Ipv6Parser.FRAGMENT, 0), fragmentHeader(17, 185, false), new byte[24]));

		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.srcPort()).isEqualTo(-1);
		assertThat(frame.dstPort()).isEqualTo(-1);
		assertThat(frame.l4Offset()).isEqualTo(AFTER_IP + 16);
		assertThat(frame.payloadOffset()).isEqualTo(AFTER_IP + 16);
		assertThat(frame.payloadLength()).isEqualTo(24);
	}

	@Test
	void stopsAtProtocolsThatAreNotExtensionHeaders() throws Exception {
		Ipv6 esp = ipv6();
		esp.next = 50;
		Ipv6 nothing = ipv6();
		nothing.next = Ipv6Parser.DESTINATION_OPTIONS;

		DissectedFrame encrypted = dissect(frame(esp, new byte[36]));
		DissectedFrame empty = dissect(frame(nothing, extensionHeader(59, 0)));

		assertThat(encrypted.protocol()).isEqualTo(50);
		assertThat(encrypted.hasPorts()).isFalse();
		assertThat(encrypted.payloadOffset()).isEqualTo(AFTER_IP);
		assertThat(encrypted.payloadLength()).isEqualTo(36);
		assertThat(empty.protocol()).isEqualTo(59);
		assertThat(empty.payloadOffset()).isEqualTo(AFTER_IP + 8);
		assertThat(empty.payloadLength()).isZero();
	}

	@Test
	void rejectsAnExtensionHeaderBeyondThePayloadLength() {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.HOP_BY_HOP;
		ip.payloadLength = 16;

		MalformedFrame failure = malformed(frame(ip, extensionHeader(17, 2), udp(1, 2, new byte[0])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(failure.offset()).isEqualTo(AFTER_IP);
	}

	@Test
	void reportsAnExtensionHeaderCutOffByTheCapture() {
		Ipv6 ip = ipv6();
		ip.next = Ipv6Parser.ROUTING;
		byte[] frame = frame(ip, extensionHeader(17, 3), udp(1, 2, new byte[0]));

		MalformedFrame failure = malformed(Arrays.copyOf(frame, AFTER_IP + 20));

		assertThat(failure.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(failure.offset()).isEqualTo(AFTER_IP);
	}

	@Test
	void trimsBytesBeyondThePayloadLength() throws Exception {
		byte[] frame = concat(frame(ipv6(), udp(1, 2, new byte[6])), new byte[10]);

		DissectedFrame dissected = dissect(frame);

		assertThat(dissected.payloadLength()).isEqualTo(6);
	}

	@Test
	void takesTheCapturedBytesForAZeroPayloadLength() throws Exception {
		Ipv6 ip = ipv6();
		ip.next = 58;
		ip.payloadLength = 0;

		DissectedFrame frame = dissect(frame(ip, new byte[70]));

		assertThat(frame.payloadLength()).isEqualTo(70);
	}

	@Test
	void rejectsAnotherVersionBehindTheIpv6EtherType() {
		Ipv6 ip = ipv6();
		ip.version = 4;

		assertThat(malformed(frame(ip, udp(1, 2, new byte[0]))).reason()).isEqualTo(Reason.BAD_IP_HEADER);
	}

}
