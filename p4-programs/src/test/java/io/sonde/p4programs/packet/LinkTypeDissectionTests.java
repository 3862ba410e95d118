package io.sonde.p4programs.packet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.Optional;

import io.sonde.p4programs.capture.CapturedFrame;
import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.MalformedFrame.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.sonde.p4programs.packet.Packets.concat;
import static io.sonde.p4programs.packet.Packets.ipv4;
import static io.sonde.p4programs.packet.Packets.ipv6;
import static io.sonde.p4programs.packet.Packets.udp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class LinkTypeDissectionTests {

	private static final byte[] V4 = ipv4().wrap(udp(1111, 2222, new byte[6]));

	private static final byte[] V6 = ipv6().wrap(udp(3333, 4444, new byte[7]));

	private static DissectedFrame dissect(LinkType type, byte[] frame) throws MalformedFrame {
		return FrameDissector.dissect(type, frame, 0, frame.length);
	}

	private static MalformedFrame malformed(LinkType type, byte[] frame) {
		return catchThrowableOfType(() -> dissect(type, frame), MalformedFrame.class);
	}

	/**
	 * LINKTYPE_LINUX_SLL: packet type, ARPHRD_ type, address length, address, protocol.
	 */
	private static byte[] sll(int protocol) {
		return ByteBuffer.allocate(16)
			.putShort((short) 0)
			.putShort((short) 1)
			.putShort((short) 6)
			.put(new byte[] { 2, 0, 0, 0, 0, 1, 0, 0 })
			.putShort((short) protocol)
			.array();
	}

	/**
	 * LINKTYPE_LINUX_SLL2: protocol, reserved, interface index, ARPHRD_ type, packet
	 * type, address length, address.
	 */
	private static byte[] sll2(int protocol) {
		return ByteBuffer.allocate(20)
			.putShort((short) protocol)
			.putShort((short) 0)
			.putInt(3)
			.putShort((short) 1)
			.put((byte) 4)
			.put((byte) 6)
			.put(new byte[] { 2, 0, 0, 0, 0, 1, 0, 0 })
			.array();
	}

	private static byte[] family(int value, boolean littleEndian) {
		return ByteBuffer.allocate(4)
			.order(littleEndian ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN)
			.putInt(value)
			.array();
	}

	@Test
	void letsTheVersionNibbleChooseForRawIp() throws Exception {
		DissectedFrame four = dissect(LinkType.RAW, V4);
		DissectedFrame six = dissect(LinkType.RAW, V6);

		assertThat(four.ipVersion()).isEqualTo(4);
		assertThat(four.etherType()).isEqualTo(0x0800);
		assertThat(four.ipOffset()).isZero();
		assertThat(four.srcPort()).isEqualTo(1111);
		assertThat(six.ipVersion()).isEqualTo(6);
		assertThat(six.etherType()).isEqualTo(0x86DD);
		assertThat(six.srcPort()).isEqualTo(3333);
		assertThat(six.payloadLength()).isEqualTo(7);
	}

	@Test
	void rejectsRawPacketsOfOtherVersionsAndEmptyOnes() {
		byte[] five = V4.clone();
		five[0] = 0x55;

		assertThat(malformed(LinkType.RAW, five).reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(malformed(LinkType.RAW, new byte[0]).reason()).isEqualTo(Reason.TRUNCATED);
	}

	@Test
	void holdsTheVersionSpecificRawTypesToTheirVersion() throws Exception {
		assertThat(dissect(LinkType.IPV4, V4).srcIp()).isEqualTo("192.0.2.1");
		assertThat(dissect(LinkType.IPV6, V6).srcIp()).isEqualTo("2001:db8::1");
		assertThat(malformed(LinkType.IPV4, V6).reason()).isEqualTo(Reason.BAD_IP_HEADER);
		assertThat(malformed(LinkType.IPV6, V4).reason()).isEqualTo(Reason.BAD_IP_HEADER);
	}

	@Test
	void readsLinuxCookedCaptures() throws Exception {
		DissectedFrame v1 = dissect(LinkType.LINUX_SLL, concat(sll(0x0800), V4));
		DissectedFrame v2 = dissect(LinkType.LINUX_SLL2, concat(sll2(0x86DD), V6));

		assertThat(v1.ipOffset()).isEqualTo(16);
		assertThat(v1.payloadOffset()).isEqualTo(16 + 28);
		assertThat(v2.ipOffset()).isEqualTo(20);
		assertThat(v2.dstPort()).isEqualTo(4444);
	}

	@Test
	void readsVlanTagsACookedCaptureKept() throws Exception {
		byte[] tag = { (byte) 0xA0, 0x64, (byte) 0x86, (byte) 0xDD };

		DissectedFrame v1 = dissect(LinkType.LINUX_SLL, concat(sll(0x8100), tag, V6));
		DissectedFrame v2 = dissect(LinkType.LINUX_SLL2, concat(sll2(0x8100), tag, V6));

		assertThat(v1.vlanTags()).containsExactly(new VlanTag(0x8100, 5, 0, 100));
		assertThat(v1.ipOffset()).isEqualTo(20);
		assertThat(v2.vlanTags()).containsExactly(new VlanTag(0x8100, 5, 0, 100));
		assertThat(v2.ipOffset()).isEqualTo(24);
	}

	@Test
	void refusesCookedFramesThatAreNotIpOrTooShort() {
		assertThat(malformed(LinkType.LINUX_SLL, concat(sll(0x0806), new byte[28])).reason()).isEqualTo(Reason.NOT_IP);
		assertThat(malformed(LinkType.LINUX_SLL2, concat(sll2(0x0004), new byte[28])).reason())
			.isEqualTo(Reason.NOT_IP);
		assertThat(malformed(LinkType.LINUX_SLL, new byte[15]).reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(malformed(LinkType.LINUX_SLL2, new byte[19]).reason()).isEqualTo(Reason.TRUNCATED);
	}

	@Test
	void readsTheNullFamilyInEitherByteOrder() throws Exception {
		assertThat(dissect(LinkType.NULL, concat(family(2, true), V4)).ipVersion()).isEqualTo(4);
		assertThat(dissect(LinkType.NULL, concat(family(2, false), V4)).ipOffset()).isEqualTo(4);
		assertThat(dissect(LinkType.NULL, concat(family(30, true), V6)).ipVersion()).isEqualTo(6);
	}

	@ParameterizedTest
	@ValueSource(ints = { 10, 24, 28, 30 })
	void knowsEachSystemsIpv6Family(int family) throws Exception {
		assertThat(dissect(LinkType.NULL, concat(family(family, true), V6)).ipVersion()).isEqualTo(6);
		assertThat(dissect(LinkType.LOOP, concat(family(family, false), V6)).ipVersion()).isEqualTo(6);
	}

	@Test
	void readsTheLoopFamilyInNetworkOrderOnly() throws Exception {
		assertThat(dissect(LinkType.LOOP, concat(family(2, false), V4)).srcPort()).isEqualTo(1111);
		assertThat(malformed(LinkType.LOOP, concat(family(2, true), V4)).reason()).isEqualTo(Reason.NOT_IP);
	}

	@Test
	void refusesOtherLoopbackFamilies() {
		MalformedFrame failure = malformed(LinkType.NULL, concat(family(7, true), V4));

		assertThat(failure.reason()).isEqualTo(Reason.NOT_IP);
		assertThat(failure.detail()).contains("7");
		assertThat(malformed(LinkType.NULL, new byte[3]).reason()).isEqualTo(Reason.TRUNCATED);
	}

	@Test
	void refusesLinkTypesItDoesNotKnow() {
		MalformedFrame failure = catchThrowableOfType(() -> FrameDissector.dissect(105, V4, 0, V4.length),
				MalformedFrame.class);

		assertThat(failure.reason()).isEqualTo(Reason.UNSUPPORTED_LINK_TYPE);
		assertThat(failure.detail()).contains("105");
	}

	@Test
	void dissectsACapturedFrameByItsLinkType() throws Exception {
		CapturedFrame captured = new CapturedFrame(1, Instant.EPOCH, 101, Optional.of(LinkType.RAW), 0, V6, V6.length);
		CapturedFrame unknown = new CapturedFrame(2, Instant.EPOCH, 147, Optional.empty(), 0, V6, V6.length);

		assertThat(FrameDissector.dissect(captured).dstPort()).isEqualTo(4444);
		assertThat(catchThrowableOfType(() -> FrameDissector.dissect(unknown), MalformedFrame.class).reason())
			.isEqualTo(Reason.UNSUPPORTED_LINK_TYPE);
	}

	@Test
	void treatsARangeOutsideTheArrayAsTheCallersMistake() {
		assertThatExceptionOfType(IndexOutOfBoundsException.class)
			.isThrownBy(() -> FrameDissector.dissect(LinkType.RAW, V4, 10, V4.length));
	}

}
