package io.sonde.p4programs.packet;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.MalformedFrame.Reason;
import org.junit.jupiter.api.Test;

import static io.sonde.p4programs.packet.Packets.ethernet;
import static io.sonde.p4programs.packet.Packets.ipv4;
import static io.sonde.p4programs.packet.Packets.padTo;
import static io.sonde.p4programs.packet.Packets.udp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class EthernetDissectionTests {

	private static final byte[] HELLO = "hello".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] IPV4_UDP = ipv4().wrap(udp(1000, 2000, HELLO));

	static DissectedFrame dissect(byte[] frame) throws MalformedFrame {
		return FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);
	}

	static MalformedFrame malformed(byte[] frame) {
		return catchThrowableOfType(() -> dissect(frame), MalformedFrame.class);
	}

	@Test
	void dissectsAnUntaggedUdpFrame() throws Exception {
		DissectedFrame frame = dissect(ethernet(0x0800, IPV4_UDP));

		assertThat(frame.vlanTags()).isEmpty();
		assertThat(frame.etherType()).isEqualTo(0x0800);
		assertThat(frame.ipVersion()).isEqualTo(4);
		assertThat(frame.srcIp()).isEqualTo("192.0.2.1");
		assertThat(frame.dstIp()).isEqualTo("192.0.2.2");
		assertThat(frame.protocol()).isEqualTo(17);
		assertThat(frame.srcPort()).isEqualTo(1000);
		assertThat(frame.dstPort()).isEqualTo(2000);
		assertThat(frame.hasPorts()).isTrue();
		assertThat(frame.ipOffset()).isEqualTo(14);
		assertThat(frame.l4Offset()).isEqualTo(14 + 20);
		assertThat(frame.payloadOffset()).isEqualTo(14 + 20 + 8);
		assertThat(frame.payloadLength()).isEqualTo(5);
	}

	@Test
	void readsAnIeee8021qTag() throws Exception {
		VlanTag tag = new VlanTag(0x8100, 5, 1, 300);

		DissectedFrame frame = dissect(ethernet(0x0800, IPV4_UDP, tag));

		assertThat(frame.vlanTags()).containsExactly(tag);
		assertThat(frame.ipOffset()).isEqualTo(18);
		assertThat(frame.payloadOffset()).isEqualTo(18 + 28);
	}

	@Test
	void readsStackedServiceAndCustomerTagsOutermostFirst() throws Exception {
		VlanTag service = new VlanTag(0x88A8, 7, 0, 4095);
		VlanTag customer = new VlanTag(0x8100, 0, 1, 1);

		DissectedFrame frame = dissect(ethernet(0x86DD, Packets.ipv6().wrap(udp(1, 2, HELLO)), service, customer));

		assertThat(frame.vlanTags()).containsExactly(service, customer);
		assertThat(frame.etherType()).isEqualTo(0x86DD);
		assertThat(frame.ipOffset()).isEqualTo(22);
	}

	@Test
	void readsPreStandardQinQTags() throws Exception {
		VlanTag outer = new VlanTag(0x9100, 2, 0, 10);
		VlanTag inner = new VlanTag(0x8100, 3, 0, 20);

		DissectedFrame frame = dissect(ethernet(0x0800, IPV4_UDP, outer, inner));

		assertThat(frame.vlanTags()).containsExactly(outer, inner);
		assertThat(frame.srcPort()).isEqualTo(1000);
	}

	@Test
	void acceptsTagsUpToTheBoundAndNoMore() throws Exception {
		VlanTag[] eight = new VlanTag[FrameDissector.MAX_VLAN_TAGS];
		Arrays.fill(eight, new VlanTag(0x8100, 0, 0, 42));
		VlanTag[] nine = Arrays.copyOf(eight, eight.length + 1);
		nine[eight.length] = eight[0];

		DissectedFrame frame = dissect(ethernet(0x0800, IPV4_UDP, eight));
		MalformedFrame failure = malformed(ethernet(0x0800, IPV4_UDP, nine));

		assertThat(frame.vlanTags()).hasSize(8);
		assertThat(frame.ipOffset()).isEqualTo(14 + 8 * 4);
		assertThat(failure.reason()).isEqualTo(Reason.TOO_MANY_VLAN_TAGS);
		assertThat(failure.offset()).isEqualTo(14 + 8 * 4);
	}

	@Test
	void refusesFramesThatCarryNoIp() {
		MalformedFrame arp = malformed(padTo(ethernet(0x0806, new byte[28]), 60));
		MalformedFrame llc = malformed(padTo(ethernet(0x002E, new byte[46]), 60));
		MalformedFrame taggedMpls = malformed(ethernet(0x8847, new byte[40], new VlanTag(0x8100, 0, 0, 5)));

		assertThat(arp.reason()).isEqualTo(Reason.NOT_IP);
		assertThat(arp.detail()).contains("0x0806");
		assertThat(arp.offset()).isEqualTo(14);
		assertThat(llc.reason()).isEqualTo(Reason.NOT_IP);
		assertThat(taggedMpls.reason()).isEqualTo(Reason.NOT_IP);
		assertThat(taggedMpls.offset()).isEqualTo(18);
	}

	@Test
	void reportsWhereAShortFrameEnds() {
		byte[] frame = ethernet(0x0800, IPV4_UDP, new VlanTag(0x8100, 0, 0, 1));

		MalformedFrame noHeader = malformed(Arrays.copyOf(frame, 13));
		MalformedFrame inTag = malformed(Arrays.copyOf(frame, 16));
		MalformedFrame inIp = malformed(Arrays.copyOf(frame, 18 + 19));

		assertThat(noHeader.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(noHeader.offset()).isZero();
		assertThat(noHeader.detail()).contains("Ethernet");
		assertThat(inTag.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(inTag.offset()).isEqualTo(14);
		assertThat(inIp.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(inIp.offset()).isEqualTo(18);
		assertThat(inIp.getMessage()).contains("IPv4").contains("byte 18");
	}

	@Test
	void leavesEthernetPaddingOutOfThePayload() throws Exception {
		byte[] frame = padTo(ethernet(0x0800, ipv4().wrap(udp(7, 9, new byte[] { 1, 2, 3 }))), 60);

		DissectedFrame dissected = dissect(frame);

		assertThat(frame).hasSize(60);
		assertThat(dissected.payloadOffset()).isEqualTo(42);
		assertThat(dissected.payloadLength()).isEqualTo(3);
	}

	@Test
	void givesOffsetsIntoTheWholeArrayAndReadsNothingOutsideTheSlice() throws Exception {
		byte[] frame = ethernet(0x0800, IPV4_UDP);
		byte[] buffer = new byte[100 + frame.length + 50];
		Arrays.fill(buffer, (byte) 0x45);
		System.arraycopy(frame, 0, buffer, 100, frame.length);

		DissectedFrame dissected = FrameDissector.dissect(LinkType.ETHERNET, buffer, 100, frame.length);
		MalformedFrame cut = catchThrowableOfType(
				() -> FrameDissector.dissect(LinkType.ETHERNET, buffer, 100, 14 + 20 + 4), MalformedFrame.class);

		assertThat(dissected.ipOffset()).isEqualTo(114);
		assertThat(dissected.l4Offset()).isEqualTo(134);
		assertThat(dissected.payloadOffset()).isEqualTo(142);
		assertThat(dissected.payloadLength()).isEqualTo(5);
		assertThat(cut.reason()).isEqualTo(Reason.TRUNCATED);
		assertThat(cut.offset()).isEqualTo(134);
	}

	@Test
	void keepsItsTagListUnmodifiable() throws Exception {
		List<VlanTag> tags = dissect(ethernet(0x0800, IPV4_UDP, new VlanTag(0x8100, 0, 0, 1))).vlanTags();

		assertThat(tags).isUnmodifiable();
	}

}
