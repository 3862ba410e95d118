package io.sonde.p4programs.packet;

import java.util.List;

import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.capture.Fixtures;
import io.sonde.p4programs.packet.MalformedFrame.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Dissects the frames of the Wireshark-made fixtures (src/test/resources/capture/) and
 * expects what tshark dissects from them; each tshark command is in a comment.
 */
class ThirdPartyFrameDissectionTests {

	@Test
	void findsText2pcapsUdpPayloadsWithoutTheEthernetPadding() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("ipv4-udp.pcapng");

		// tshark -r ipv4-udp.pcapng -T fields -e ip.src -e ip.dst -e ip.ttl -e ip.proto
		// -e udp.srcport -e udp.dstport -e data.len -e eth.padding
		// 192.0.2.1 192.0.2.2 255 17 5000 32766 7 0000000000000000000000
		// 192.0.2.1 192.0.2.2 255 17 5000 32766 8 00000000000000000000
		// 192.0.2.1 192.0.2.2 255 17 5000 32766 32
		int[] dataLengths = { 7, 8, 32 };
		for (int i = 0; i < frames.size(); i++) {
			DissectedFrame frame = FrameDissector.dissect(frames.get(i));
			assertThat(frame.srcIp()).isEqualTo("192.0.2.1");
			assertThat(frame.dstIp()).isEqualTo("192.0.2.2");
			assertThat(frame.ttl()).isEqualTo(255);
			assertThat(frame.protocol()).isEqualTo(17);
			assertThat(frame.srcPort()).isEqualTo(5000);
			assertThat(frame.dstPort()).isEqualTo(32766);
			assertThat(frame.payloadOffset()).isEqualTo(42);
			assertThat(frame.payloadLength()).isEqualTo(dataLengths[i]);
		}
	}

	@Test
	void dissectsText2pcapsIpv6TcpFrames() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("ipv6-tcp-nanoseconds.pcap");

		// tshark -r ipv6-tcp-nanoseconds.pcap -T fields -e ipv6.src -e ipv6.dst
		// -e ipv6.tclass.dscp -e ipv6.tclass.ecn -e ipv6.hlim -e ipv6.nxt -e tcp.srcport
		// -e tcp.dstport -e tcp.hdr_len -e tcp.len
		// 2001:db8::1 2001:db8::1:0:0:2 0 0 32 6 40000 443 20 16
		// 2001:db8::1 2001:db8::1:0:0:2 0 0 32 6 40000 443 20 17
		int[] tcpLengths = { 16, 17 };
		for (int i = 0; i < frames.size(); i++) {
			DissectedFrame frame = FrameDissector.dissect(frames.get(i));
			assertThat(frame.srcIp()).isEqualTo("2001:db8::1");
			assertThat(frame.dstIp()).isEqualTo("2001:db8::1:0:0:2");
			assertThat(frame.dscp()).isZero();
			assertThat(frame.ecn()).isZero();
			assertThat(frame.ttl()).isEqualTo(32);
			assertThat(frame.protocol()).isEqualTo(6);
			assertThat(frame.srcPort()).isEqualTo(40000);
			assertThat(frame.dstPort()).isEqualTo(443);
			assertThat(frame.payloadOffset() - frame.l4Offset()).isEqualTo(20);
			assertThat(frame.payloadLength()).isEqualTo(tcpLengths[i]);
		}
	}

	@Test
	void dissectsStackedTagsIpv4OptionsAndUdp() throws Exception {
		DissectedFrame frame = FrameDissector.dissect(Fixtures.frames("tagged-frames.pcapng").get(0));

		// tshark -r tagged-frames.pcapng -Y frame.number==1 -T fields
		// -e ieee8021ad.id -e ieee8021ad.priority -e ieee8021ad.dei
		// -e vlan.id -e vlan.priority -e vlan.dei prints 100 3 0 200 5 1
		assertThat(frame.vlanTags()).containsExactly(new VlanTag(0x88A8, 3, 0, 100), new VlanTag(0x8100, 5, 1, 200));
		// ... -e ip.src -e ip.dst -e ip.dsfield.dscp -e ip.dsfield.ecn
		// -e ip.ttl -e ip.proto -e ip.hdr_len -e udp.srcport -e udp.dstport
		// -e udp.length -e data.len prints
		// 192.0.2.10 192.0.2.20 46 1 63 17 24 4321 1234 18 10
		assertThat(frame.srcIp()).isEqualTo("192.0.2.10");
		assertThat(frame.dstIp()).isEqualTo("192.0.2.20");
		assertThat(frame.dscp()).isEqualTo(46);
		assertThat(frame.ecn()).isEqualTo(1);
		assertThat(frame.ttl()).isEqualTo(63);
		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.l4Offset() - frame.ipOffset()).isEqualTo(24);
		assertThat(frame.srcPort()).isEqualTo(4321);
		assertThat(frame.dstPort()).isEqualTo(1234);
		assertThat(frame.payloadLength()).isEqualTo(10);
	}

	@Test
	void dissectsQinQTagsAndIpv6ExtensionHeaders() throws Exception {
		DissectedFrame frame = FrameDissector.dissect(Fixtures.frames("tagged-frames.pcapng").get(1));

		// tshark -r tagged-frames.pcapng -Y frame.number==2 -T fields -e vlan.id
		// -e vlan.priority -e vlan.dei -e vlan.etype
		// 7,8 0,1 0,0 0x8100,0x86dd
		assertThat(frame.vlanTags()).containsExactly(new VlanTag(0x9100, 0, 0, 7), new VlanTag(0x8100, 1, 0, 8));
		// ... -e ipv6.src -e ipv6.dst -e ipv6.tclass.dscp -e ipv6.tclass.ecn
		// -e ipv6.hlim -e ipv6.nxt -e ipv6.hopopts.nxt -e ipv6.dstopts.nxt
		// -e udp.srcport -e udp.dstport -e data.len
		// 2001:db8::a 2001:db8::b 10 2 9 0 60 17 7777 8888 12
		assertThat(frame.srcIp()).isEqualTo("2001:db8::a");
		assertThat(frame.dstIp()).isEqualTo("2001:db8::b");
		assertThat(frame.dscp()).isEqualTo(10);
		assertThat(frame.ecn()).isEqualTo(2);
		assertThat(frame.ttl()).isEqualTo(9);
		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.l4Offset()).isEqualTo(frame.ipOffset() + 40 + 8 + 8);
		assertThat(frame.srcPort()).isEqualTo(7777);
		assertThat(frame.dstPort()).isEqualTo(8888);
		assertThat(frame.payloadLength()).isEqualTo(12);
	}

	@Test
	void givesNoPortsForNonFirstFragments() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("tagged-frames.pcapng");

		DissectedFrame ipv6 = FrameDissector.dissect(frames.get(2));
		DissectedFrame ipv4 = FrameDissector.dissect(frames.get(5));

		// tshark -r tagged-frames.pcapng -Y frame.number==3 -T fields -e ipv6.nxt
		// -e ipv6.fraghdr.nxt -e ipv6.fraghdr.offset -e udp.srcport -e data.len
		// 44 17 185 (no udp.srcport) 24
		assertThat(ipv6.protocol()).isEqualTo(17);
		assertThat(ipv6.hasPorts()).isFalse();
		assertThat(ipv6.payloadLength()).isEqualTo(24);
		// tshark -r tagged-frames.pcapng -Y frame.number==6 -T fields -e ip.proto
		// -e ip.frag_offset -e udp.srcport -e data.len -e eth.padding
		// 17 185 (no udp.srcport) 16 00000000000000000000
		assertThat(ipv4.protocol()).isEqualTo(17);
		assertThat(ipv4.hasPorts()).isFalse();
		assertThat(ipv4.payloadLength()).isEqualTo(16);
	}

	@Test
	void skipsTcpOptions() throws Exception {
		DissectedFrame frame = FrameDissector.dissect(Fixtures.frames("tagged-frames.pcapng").get(3));

		// tshark -r tagged-frames.pcapng -Y frame.number==4 -T fields -e ip.src
		// -e ip.dst -e ip.ttl -e tcp.srcport -e tcp.dstport -e tcp.hdr_len -e tcp.len
		// 192.0.2.1 198.51.100.7 64 49152 80 32 0
		assertThat(frame.srcIp()).isEqualTo("192.0.2.1");
		assertThat(frame.dstIp()).isEqualTo("198.51.100.7");
		assertThat(frame.ttl()).isEqualTo(64);
		assertThat(frame.srcPort()).isEqualTo(49152);
		assertThat(frame.dstPort()).isEqualTo(80);
		assertThat(frame.payloadOffset() - frame.l4Offset()).isEqualTo(32);
		assertThat(frame.payloadLength()).isZero();
	}

	@Test
	void refusesArp() throws Exception {
		CapturedFrame arp = Fixtures.frames("tagged-frames.pcapng").get(4);

		// tshark -r tagged-frames.pcapng -Y frame.number==5
		// -T fields -e _ws.col.Protocol prints ARP
		MalformedFrame failure = catchThrowableOfType(() -> FrameDissector.dissect(arp), MalformedFrame.class);

		assertThat(failure.reason()).isEqualTo(Reason.NOT_IP);
	}

	@Test
	void dissectsCookedAndRawIpFramesOfOneFile() throws Exception {
		List<CapturedFrame> frames = Fixtures.frames("mixed-links.pcapng");

		DissectedFrame cooked = FrameDissector.dissect(frames.get(0));
		DissectedFrame raw = FrameDissector.dissect(frames.get(1));

		// tshark -r mixed-links.pcapng -Y frame.number==1 -T fields -e sll.etype
		// -e ip.src -e ip.dst -e ip.ttl -e udp.srcport -e udp.dstport -e udp.length
		// 0x0800 192.0.2.30 192.0.2.40 64 53 33333 12 (8 bytes of header, 4 of payload)
		assertThat(cooked.etherType()).isEqualTo(0x0800);
		assertThat(cooked.ipOffset()).isEqualTo(20);
		assertThat(cooked.srcIp()).isEqualTo("192.0.2.30");
		assertThat(cooked.dstIp()).isEqualTo("192.0.2.40");
		assertThat(cooked.ttl()).isEqualTo(64);
		assertThat(cooked.srcPort()).isEqualTo(53);
		assertThat(cooked.dstPort()).isEqualTo(33333);
		assertThat(cooked.payloadLength()).isEqualTo(4);
		// tshark -r mixed-links.pcapng -Y frame.number==2 -T fields -e ipv6.src
		// -e ipv6.dst -e ipv6.nxt -e ipv6.hlim -e ipv6.plen
		// 2001:db8::5 ff02::1 58 255 12
		assertThat(raw.ipOffset()).isZero();
		assertThat(raw.srcIp()).isEqualTo("2001:db8::5");
		assertThat(raw.dstIp()).isEqualTo("ff02::1");
		assertThat(raw.protocol()).isEqualTo(58);
		assertThat(raw.ttl()).isEqualTo(255);
		assertThat(raw.hasPorts()).isFalse();
		assertThat(raw.payloadLength()).isEqualTo(12);
	}

}
