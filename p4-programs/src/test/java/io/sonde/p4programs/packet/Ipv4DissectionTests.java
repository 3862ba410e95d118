package io.sonde.p4programs.packet;

import java.util.Arrays;

import io.sonde.p4programs.packet.MalformedFrame.Reason;
import io.sonde.p4programs.packet.Packets.Ipv4;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.packet.EthernetDissectionTests.dissect;
import static io.sonde.p4programs.packet.EthernetDissectionTests.malformed;
import static io.sonde.p4programs.packet.Packets.ethernet;
import static io.sonde.p4programs.packet.Packets.ipv4;
import static io.sonde.p4programs.packet.Packets.tcp;
import static io.sonde.p4programs.packet.Packets.udp;
import static io.sonde.p4programs.packet.Packets.udpWithLength;
import static org.assertj.core.api.Assertions.assertThat;

class Ipv4DissectionTests {

	private static final byte[] ROUTER_ALERT = { (byte) 0x94, 4, 0, 0 };

	@Test
	void skipsOptionsByTheHeaderLength() throws Exception {
		Ipv4 ip = ipv4();
		ip.options = ROUTER_ALERT;

		DissectedFrame frame = dissect(ethernet(0x0800, ip.wrap(udp(4321, 1234, new byte[10]))));

		assertThat(frame.l4Offset()).isEqualTo(14 + 24);
		assertThat(frame.srcPort()).isEqualTo(4321);
		assertThat(frame.dstPort()).isEqualTo(1234);
		assertThat(frame.payloadOffset()).isEqualTo(14 + 24 + 8);
		assertThat(frame.payloadLength()).isEqualTo(10);
	}

	@Test
	void acceptsTheLongestHeader() throws Exception {
		Ipv4 ip = ipv4();
		ip.options = new byte[40];

		DissectedFrame frame = dissect(ethernet(0x0800, ip.wrap(udp(1, 2, new byte[3]))));

		assertThat(frame.l4Offset()).isEqualTo(14 + 60);
		assertThat(frame.payloadLength()).isEqualTo(3);
	}

	@Test
	void readsDscpEcnAndTtl() throws Exception {
		Ipv4 ip = ipv4();
		ip.tos = (46 << 2) | 1;
		ip.ttl = 3;
		ip.src = "198.51.100.254";
		ip.dst = "203.0.113.0";

		DissectedFrame frame = dissect(ethernet(0x0800, ip.wrap(udp(1, 2, new byte[0]))));

		assertThat(frame.dscp()).isEqualTo(46);
		assertThat(frame.ecn()).isEqualTo(1);
		assertThat(frame.ttl()).isEqualTo(3);
		assertThat(frame.srcIp()).isEqualTo("198.51.100.254");
		assertThat(frame.dstIp()).isEqualTo("203.0.113.0");
	}

	@Test
	void rejectsAHeaderLengthBelowTwentyBytes() {
		Ipv4 ip = ipv4();
		ip.headerWords = 4;

		MalformedFrame failure = malformed(ethernet(0x0800, ip.wrap(udp(1, 2, new byte[8]))));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(failure.offset()).isEqualTo(14);
		assertThat(failure.detail()).contains("16");
	}

	@Test
	void reportsOptionsCutOffByTheCapture() {
		Ipv4 ip = ipv4();
		ip.options = new byte[8];
		byte[] frame = ethernet(0x0800, ip.wrap(udp(1, 2, new byte[8])));

		MalformedFrame failure = malformed(Arrays.copyOf(frame, 14 + 24));

		assertThat(failure.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(failure.offset()).isEqualTo(14);
	}

	@Test
	void rejectsATotalLengthShorterThanTheHeader() {
		Ipv4 ip = ipv4();
		ip.options = ROUTER_ALERT;
		ip.totalLength = 20;

		MalformedFrame failure = malformed(ethernet(0x0800, ip.wrap(udp(1, 2, new byte[8]))));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(failure.detail()).contains("total length 20");
	}

	@Test
	void clipsThePayloadToWhatTheCaptureHolds() throws Exception {
		byte[] frame = ethernet(0x0800, ipv4().wrap(udp(1, 2, new byte[100])));

		DissectedFrame dissected = dissect(Arrays.copyOf(frame, 14 + 20 + 8 + 10));

		assertThat(dissected.payloadOffset()).isEqualTo(42);
		assertThat(dissected.payloadLength()).isEqualTo(10);
	}

	@Test
	void takesTheCapturedBytesForTheZeroTotalLengthOfSegmentationOffload() throws Exception {
		Ipv4 ip = ipv4();
		ip.protocol = 6;
		ip.totalLength = 0;

		DissectedFrame frame = dissect(ethernet(0x0800, ip.wrap(tcp(443, 50000, new byte[0], new byte[3000]))));

		assertThat(frame.payloadOffset()).isEqualTo(14 + 20 + 20);
		assertThat(frame.payloadLength()).isEqualTo(3000);
	}

	@Test
	void givesNoPortsForANonFirstFragment() throws Exception {
		Ipv4 ip = ipv4();
		ip.flagsAndOffset = 185; // offset 1480 bytes, last fragment
		byte[] fragmentData = new byte[16];
		Arrays.fill(fragmentData, (byte) 0x11);

		DissectedFrame frame = dissect(Packets.padTo(ethernet(0x0800, ip.wrap(fragmentData)), 60));

		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.srcPort()).isEqualTo(-1);
		assertThat(frame.dstPort()).isEqualTo(-1);
		assertThat(frame.hasPorts()).isFalse();
		assertThat(frame.l4Offset()).isEqualTo(34);
		assertThat(frame.payloadOffset()).isEqualTo(34);
		assertThat(frame.payloadLength()).isEqualTo(16);
	}

	@Test
	void readsTheUdpHeaderOfAFirstFragmentWhoseLengthCoversTheWholeDatagram() throws Exception {
		Ipv4 ip = ipv4();
		ip.flagsAndOffset = 0x2000; // more fragments, offset 0
		byte[] firstPart = udpWithLength(5000, 6000, 3008, new byte[1472]);

		DissectedFrame frame = dissect(ethernet(0x0800, ip.wrap(firstPart)));

		assertThat(frame.srcPort()).isEqualTo(5000);
		assertThat(frame.dstPort()).isEqualTo(6000);
		assertThat(frame.payloadLength()).isEqualTo(1472);
	}

	@Test
	void treatsDontFragmentAsAWholePacket() throws Exception {
		Ipv4 ip = ipv4();
		ip.flagsAndOffset = 0x4000;

		MalformedFrame failure = malformed(ethernet(0x0800, ip.wrap(udpWithLength(1, 2, 500, new byte[20]))));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
	}

	@Test
	void rejectsAnotherVersionBehindTheIpv4EtherType() {
		Ipv4 ip = ipv4();
		ip.version = 6;

		MalformedFrame failure = malformed(ethernet(0x0800, ip.wrap(udp(1, 2, new byte[30]))));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(failure.detail()).contains("version 6");
	}

}
