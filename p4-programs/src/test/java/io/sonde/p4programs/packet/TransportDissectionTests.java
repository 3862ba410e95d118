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
import static io.sonde.p4programs.packet.Packets.tcpWithDataOffset;
import static io.sonde.p4programs.packet.Packets.udp;
import static io.sonde.p4programs.packet.Packets.udpWithLength;
import static org.assertj.core.api.Assertions.assertThat;

class TransportDissectionTests {

	private static final int L4 = 14 + 20;

	/** MSS, two NOPs, window scale, NOP, SACK permitted: 12 bytes. */
	private static final byte[] TCP_OPTIONS = { 2, 4, 5, (byte) 0xb4, 1, 1, 3, 3, 7, 1, 4, 2 };

	private static byte[] overIpv4(int protocol, byte[] segment) {
		Ipv4 ip = ipv4();
		ip.protocol = protocol;
		return ethernet(0x0800, ip.wrap(segment));
	}

	@Test
	void skipsTcpOptionsByTheDataOffset() throws Exception {
		DissectedFrame frame = dissect(overIpv4(6, tcp(49152, 80, TCP_OPTIONS, new byte[9])));

		assertThat(frame.protocol()).isEqualTo(6);
		assertThat(frame.srcPort()).isEqualTo(49152);
		assertThat(frame.dstPort()).isEqualTo(80);
		assertThat(frame.l4Offset()).isEqualTo(L4);
		assertThat(frame.payloadOffset()).isEqualTo(L4 + 32);
		assertThat(frame.payloadLength()).isEqualTo(9);
	}

	@Test
	void rejectsATcpDataOffsetBelowFiveWords() {
		MalformedFrame failure = malformed(overIpv4(6, tcpWithDataOffset(1, 2, 4, new byte[0], new byte[8])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
		assertThat(failure.offset()).isEqualTo(L4);
		assertThat(failure.detail()).contains("16");
	}

	@Test
	void rejectsATcpHeaderLongerThanTheIpPayload() {
		MalformedFrame failure = malformed(overIpv4(6, tcpWithDataOffset(1, 2, 15, new byte[0], new byte[20])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
	}

	@Test
	void reportsTcpHeadersCutOffByTheCapture() {
		byte[] frame = overIpv4(6, tcp(1, 2, TCP_OPTIONS, new byte[100]));

		MalformedFrame fixedPart = malformed(Arrays.copyOf(frame, L4 + 10));
		MalformedFrame options = malformed(Arrays.copyOf(frame, L4 + 25));

		assertThat(fixedPart.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(options.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(options.detail()).contains("options");
	}

	@Test
	void rejectsUdpLengthsBelowTheHeader() {
		MalformedFrame failure = malformed(overIpv4(17, udpWithLength(1, 2, 7, new byte[4])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
		assertThat(failure.detail()).contains("UDP length 7");
	}

	@Test
	void rejectsUdpLengthsBeyondTheIpPayload() {
		MalformedFrame failure = malformed(overIpv4(17, udpWithLength(1, 2, 8 + 5, new byte[4])));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
		assertThat(failure.detail()).contains("13");
	}

	@Test
	void rejectsAnIpPayloadTooShortForAUdpHeader() {
		MalformedFrame failure = malformed(overIpv4(17, new byte[6]));

		assertThat(failure.reason()).isEqualTo(Reason.BAD_L4_HEADER);
	}

	@Test
	void boundsTheUdpPayloadByTheUdpLength() throws Exception {
		DissectedFrame frame = dissect(overIpv4(17, udpWithLength(1, 2, 8 + 3, new byte[10])));

		assertThat(frame.payloadOffset()).isEqualTo(L4 + 8);
		assertThat(frame.payloadLength()).isEqualTo(3);
	}

	@Test
	void givesTheIpPayloadOfOtherProtocols() throws Exception {
		DissectedFrame icmp = dissect(overIpv4(1, new byte[] { 8, 0, 0, 0, 0, 1, 0, 1, 'p', 'i', 'n', 'g' }));
		DissectedFrame sctp = dissect(overIpv4(132, new byte[28]));

		assertThat(icmp.protocol()).isEqualTo(1);
		assertThat(icmp.srcPort()).isEqualTo(-1);
		assertThat(icmp.dstPort()).isEqualTo(-1);
		assertThat(icmp.l4Offset()).isEqualTo(L4);
		assertThat(icmp.payloadOffset()).isEqualTo(L4);
		assertThat(icmp.payloadLength()).isEqualTo(12);
		assertThat(sctp.hasPorts()).isFalse();
		assertThat(sctp.payloadLength()).isEqualTo(28);
	}

	@Test
	void readsUdpWithAnEmptyPayload() throws Exception {
		DissectedFrame frame = dissect(overIpv4(17, udp(65535, 0, new byte[0])));

		assertThat(frame.srcPort()).isEqualTo(65535);
		assertThat(frame.dstPort()).isZero();
		assertThat(frame.payloadLength()).isZero();
	}

}
