package io.sonde.emulator.handoff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.traffic.FlowAddresses;
import io.sonde.emulator.traffic.InternetChecksum;
import io.sonde.emulator.traffic.PacketBuilder;
import io.sonde.emulator.traffic.TransportProtocol;
import io.sonde.p4programs.codec.HopValue;
import io.sonde.p4programs.codec.IntHop;
import io.sonde.p4programs.codec.IntMdCodec;
import io.sonde.p4programs.codec.IntMdHeader;
import io.sonde.p4programs.codec.IntMdPacket;
import io.sonde.p4programs.codec.IntShim;
import io.sonde.p4programs.codec.IntVersion;
import io.sonde.p4programs.codec.MalformedTelemetry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AgentEncapsulationTests {

	private static final int IP = 14;

	private static final int L4 = IP + 20;

	/** The paper's four instructions: switch id, hop latency, queue, TX utilization. */
	private static final int INSTRUCTIONS = 0xB100;

	@Test
	void udpPacketKeepsItsUdpHeaderWithThePortInTheShim() throws MalformedTelemetry {
		byte[] delivered = delivered(TransportProtocol.UDP);
		byte[] stack = sinkStack(3);

		byte[] frame = AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length);

		assertThat(frame).hasSize(delivered.length + stack.length);
		assertThat(frame[IP + 9]).isEqualTo((byte) 17);
		assertThat(u16(frame, L4 + 2)).isEqualTo(AgentEncapsulation.INT_PORT);
		IntMdPacket intMd = IntMdCodec.decode(frame, L4 + 8, frame.length - L4 - 8);
		assertThat(intMd.shim().nextProtocolType()).isEqualTo(AgentEncapsulation.NPT_UDP);
		assertThat(intMd.shim().originalUdpDestinationPort()).hasValue(5001);
		assertThat(intMd.hops()).hasSize(3);
		assertThat(intMd.hops().get(0).value(HopValue.SWITCH_ID)).isEqualTo(1L);
		assertThat(intMd.hops().get(2).value(HopValue.HOP_LATENCY)).isEqualTo(1300L);
		// On the wire the last hop is on top.
		assertThat(u16(frame, L4 + 8 + 16 + 2)).isEqualTo(3);
		assertThat(ipv4ChecksumValid(frame)).isTrue();
		assertThat(u16(frame, L4 + 6)).isNotZero();
		assertThat(transportChecksumValid(frame, 17, u16(frame, L4 + 4))).isTrue();
	}

	@Test
	void removingIntFromUdpGivesTheDeliveredPacket() {
		byte[] delivered = delivered(TransportProtocol.UDP);
		byte[] stack = sinkStack(5);

		byte[] frame = AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length);

		assertThat(removeNpt1(frame)).isEqualTo(delivered);
	}

	@Test
	void udpChecksumZeroStaysZero() {
		byte[] delivered = delivered(TransportProtocol.UDP);
		put16(delivered, L4 + 6, 0);
		byte[] stack = sinkStack(2);

		byte[] frame = AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length);

		assertThat(u16(frame, L4 + 6)).isZero();
		assertThat(removeNpt1(frame)).isEqualTo(delivered);
	}

	@Test
	void tcpPacketGetsANewUdpHeaderWithTheProtocolInTheShim() throws MalformedTelemetry {
		byte[] delivered = delivered(TransportProtocol.TCP);
		byte[] stack = sinkStack(4);

		byte[] frame = AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length);

		assertThat(frame).hasSize(delivered.length + 8 + stack.length);
		assertThat(frame[IP + 9]).isEqualTo((byte) 17);
		assertThat(u16(frame, L4 + 2)).isEqualTo(AgentEncapsulation.INT_PORT);
		assertThat(u16(frame, L4 + 4)).isEqualTo(u16(frame, IP + 2) - 20);
		assertThat(u16(frame, L4 + 6)).isZero();
		IntMdPacket intMd = IntMdCodec.decode(frame, L4 + 8, frame.length - L4 - 8);
		assertThat(intMd.shim().nextProtocolType()).isEqualTo(AgentEncapsulation.NPT_NEW_UDP);
		assertThat(intMd.shim().originalIpProtocol()).hasValue(6);
		assertThat(intMd.hops()).hasSize(4);
		assertThat(ipv4ChecksumValid(frame)).isTrue();
		int tcp = L4 + 8 + stack.length;
		assertThat(Arrays.copyOfRange(frame, tcp, frame.length))
			.isEqualTo(Arrays.copyOfRange(delivered, L4, delivered.length));
	}

	@Test
	void removingIntFromTcpGivesTheDeliveredPacketWithItsChecksums() {
		byte[] delivered = delivered(TransportProtocol.TCP);
		byte[] stack = sinkStack(5);

		byte[] frame = AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length);
		byte[] restored = removeNpt2(frame);

		assertThat(restored).isEqualTo(delivered);
		assertThat(ipv4ChecksumValid(restored)).isTrue();
		assertThat(transportChecksumValid(restored, 6, u16(restored, IP + 2) - 20)).isTrue();
	}

	@Test
	void refusesAStackWhoseLengthIsNotTheShims() {
		byte[] delivered = delivered(TransportProtocol.UDP);
		byte[] stack = sinkStack(2);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> AgentEncapsulation.encapsulate(delivered, delivered.length, stack, 0, stack.length - 4));
	}

	@Test
	void onlyIpv4FramesCarryIt() {
		byte[] delivered = delivered(TransportProtocol.UDP);
		put16(delivered, 12, 0x86DD);

		assertThat(AgentEncapsulation.ipv4Offset(delivered, delivered.length)).isEqualTo(-1);
	}

	static byte[] delivered(TransportProtocol protocol) {
		FlowAddresses addresses = new FlowAddresses(MacAddress.parse("02:53:00:00:00:09"),
				MacAddress.parse("02:48:0a:03:01:03"), Ipv4Address.parse("10.0.0.2"), Ipv4Address.parse("10.3.1.3"),
				protocol, 40001, 5001);
		PacketBuilder builder = PacketBuilder.forFlow(addresses, 10, 200, 7);
		byte[] frame = new byte[200];
		builder.write(frame, 42);
		// TTL as the last switch leaves it, checksum again.
		frame[IP + 8] = 60;
		put16(frame, IP + 10, 0);
		put16(frame, IP + 10, InternetChecksum.of(frame, IP, 20));
		return frame;
	}

	/** A v2 INT-MD stack as a sink sees it (NPT 0, the DSCP in the shim), hops 1..n. */
	static byte[] sinkStack(int hops) {
		List<IntHop> pathOrder = new ArrayList<>();
		for (int i = 1; i <= hops; i++) {
			pathOrder.add(IntHop.of(Map.of(HopValue.SWITCH_ID, (long) i, HopValue.HOP_LATENCY, 1000L + 100 * i,
					HopValue.QUEUE_ID, 0L, HopValue.QUEUE_OCCUPANCY, 7L * i, HopValue.EGRESS_TX_UTIL, 0xFFFF_FFFFL)));
		}
		IntMdPacket packet = IntMdPacket.build(IntVersion.V2_1, IntShim.v2(0, 10 << 2),
				IntMdHeader.v2(INSTRUCTIONS, 4, 8 - hops), pathOrder, List.of(), null);
		return IntMdCodec.encode(packet);
	}

	/**
	 * The agent's NPT 1 removal as the contract states it, checksum fixed incrementally.
	 */
	static byte[] removeNpt1(byte[] frame) {
		int shim = L4 + 8;
		int intBytes = 4 * ((frame[shim + 1] & 0xFF) + 1);
		byte[] out = new byte[frame.length - intBytes];
		System.arraycopy(frame, 0, out, 0, shim);
		System.arraycopy(frame, shim + intBytes, out, shim, frame.length - shim - intBytes);
		int oldPort = u16(out, L4 + 2);
		int oldLength = u16(out, L4 + 4);
		int port = u16(frame, shim + 2);
		put16(out, L4 + 2, port);
		put16(out, L4 + 4, oldLength - intBytes);
		put16(out, IP + 2, u16(out, IP + 2) - intBytes);
		put16(out, IP + 10, 0);
		put16(out, IP + 10, InternetChecksum.of(out, IP, 20));
		int checksum = u16(frame, L4 + 6);
		if (checksum != 0) {
			// RFC 1624 eqn. 3, HC' = ~(~HC + ~m + m'), for the port, the length (in the
			// header and the pseudo-header) and the removed words (m' = 0).
			long sum = ~checksum & 0xFFFF;
			sum += (~oldPort & 0xFFFF) + port;
			sum += 2L * ((~oldLength & 0xFFFF) + (oldLength - intBytes));
			sum += ~fold(InternetChecksum.add(0, frame, shim, intBytes)) & 0xFFFF;
			put16(out, L4 + 6, (int) (~fold(sum) & 0xFFFF));
		}
		return out;
	}

	/** The agent's NPT 2 removal: the new UDP header and INT out, the protocol back. */
	static byte[] removeNpt2(byte[] frame) {
		int shim = L4 + 8;
		int removed = 8 + 4 * ((frame[shim + 1] & 0xFF) + 1);
		byte[] out = new byte[frame.length - removed];
		System.arraycopy(frame, 0, out, 0, L4);
		System.arraycopy(frame, L4 + removed, out, L4, frame.length - L4 - removed);
		out[IP + 9] = frame[shim + 3];
		put16(out, IP + 2, u16(out, IP + 2) - removed);
		put16(out, IP + 10, 0);
		put16(out, IP + 10, InternetChecksum.of(out, IP, 20));
		return out;
	}

	private static long fold(long sum) {
		while ((sum >>> 16) != 0) {
			sum = (sum & 0xFFFF) + (sum >>> 16);
		}
		return sum;
	}

	static boolean ipv4ChecksumValid(byte[] frame) {
		return InternetChecksum.of(frame, IP, 20) == 0;
	}

	static boolean transportChecksumValid(byte[] frame, int protocol, int l4Length) {
		long sum = InternetChecksum.add(0, frame, IP + 12, 8);
		sum += protocol + l4Length;
		sum = InternetChecksum.add(sum, frame, L4, l4Length);
		return InternetChecksum.finish(sum) == 0;
	}

	static int u16(byte[] bytes, int at) {
		return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
	}

	static void put16(byte[] bytes, int at, int value) {
		bytes[at] = (byte) (value >>> 8);
		bytes[at + 1] = (byte) value;
	}

}
