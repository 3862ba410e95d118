package io.sonde.p4programs.packet;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.sonde.p4programs.capture.LinkType;
import io.sonde.p4programs.packet.Packets.Ipv4;
import io.sonde.p4programs.packet.Packets.Ipv6;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import static io.sonde.p4programs.packet.Packets.concat;
import static org.assertj.core.api.Assertions.assertThat;

class FrameDissectorPropertyTests {

	@Property(tries = 2000)
	void randomBytesGiveADissectedFrameOrAMalformedFrame(@ForAll LinkType linkType,
			@ForAll @Size(max = 160) byte[] bytes) {
		assertDissectsOrRefuses(linkType, bytes, 0, bytes.length);
	}

	@Property(tries = 500)
	void randomBytesBehindAPlausibleHeaderGiveADissectedFrameOrAMalformedFrame(@ForAll("etherTypes") int etherType,
			@ForAll @IntRange(max = 15) int ipFirstNibbleLow, @ForAll @Size(max = 120) byte[] rest) {
		byte versionByte = (byte) (((etherType == 0x86DD) ? 0x60 : 0x40) | ipFirstNibbleLow);
		byte[] frame = Packets.ethernet(etherType, concat(new byte[] { versionByte }, rest));

		assertDissectsOrRefuses(LinkType.ETHERNET, frame, 0, frame.length);
	}

	@Property(tries = 1000)
	void damagedOrCutValidFramesGiveADissectedFrameOrAMalformedFrame(@ForAll("frames") FrameSpec spec,
			@ForAll @Size(max = 4) List<@IntRange(max = 255) Integer> damage, @ForAll @IntRange(max = 10_000) int cutAt,
			@ForAll @IntRange(max = 32) int slack) {
		byte[] frame = spec.build();
		for (int i = 0; i < damage.size(); i++) {
			frame[(damage.get(i) * 37 + i * 11) % frame.length] ^= (byte) (damage.get(i) | 1);
		}
		int length = Math.min(frame.length, cutAt % (frame.length + 1));
		// Inside a larger array, so that a read past the slice would go
		// unnoticed by Java.
		byte[] buffer = new byte[slack + frame.length + slack];
		System.arraycopy(frame, 0, buffer, slack, frame.length);

		assertDissectsOrRefuses(LinkType.ETHERNET, buffer, slack, length);
	}

	@Property(tries = 1000)
	void dissectsEveryFieldOfValidFrames(@ForAll("frames") FrameSpec spec) throws Exception {
		byte[] frame = spec.build();

		DissectedFrame dissected = FrameDissector.dissect(LinkType.ETHERNET, frame, 0, frame.length);

		assertThat(dissected.vlanTags()).isEqualTo(spec.tags());
		assertThat(dissected.ipVersion()).isEqualTo(spec.v6() ? 6 : 4);
		assertThat(dissected.etherType()).isEqualTo(spec.v6() ? 0x86DD : 0x0800);
		assertThat(InetAddress.getByName(dissected.srcIp())).isEqualTo(InetAddress.getByAddress(spec.src()));
		assertThat(InetAddress.getByName(dissected.dstIp())).isEqualTo(InetAddress.getByAddress(spec.dst()));
		assertThat(dissected.dscp()).isEqualTo(spec.dscp());
		assertThat(dissected.ecn()).isEqualTo(spec.ecn());
		assertThat(dissected.ttl()).isEqualTo(spec.ttl());
		assertThat(dissected.protocol()).isEqualTo(spec.tcp() ? 6 : 17);
		assertThat(dissected.srcPort()).isEqualTo(spec.srcPort());
		assertThat(dissected.dstPort()).isEqualTo(spec.dstPort());
		assertThat(dissected.ipOffset()).isEqualTo(14 + 4 * spec.tags().size());
		assertThat(dissected.l4Offset()).isEqualTo(dissected.ipOffset() + spec.ipHeaderLength());
		assertThat(dissected.payloadOffset()).isEqualTo(dissected.l4Offset() + spec.transportHeaderLength());
		assertThat(dissected.payloadLength()).isEqualTo(spec.payload().length);
		assertThat(Arrays.copyOfRange(frame, dissected.payloadOffset(),
				dissected.payloadOffset() + dissected.payloadLength()))
			.isEqualTo(spec.payload());
	}

	private static void assertDissectsOrRefuses(LinkType linkType, byte[] data, int offset, int length) {
		DissectedFrame frame;
		try {
			frame = FrameDissector.dissect(linkType, data, offset, length);
		}
		catch (MalformedFrame ex) {
			assertThat(ex.reason()).isNotNull();
			assertThat(ex.offset()).isBetween(offset, offset + length);
			return;
		}
		int end = offset + length;
		assertThat(frame.ipVersion()).isIn(4, 6);
		assertThat(frame.vlanTags()).hasSizeLessThanOrEqualTo(FrameDissector.MAX_VLAN_TAGS);
		assertThat(frame.ipOffset()).isBetween(offset, end);
		assertThat(frame.l4Offset()).isBetween(frame.ipOffset() + 20, end);
		assertThat(frame.payloadOffset()).isBetween(frame.l4Offset(), end);
		assertThat(frame.payloadLength()).isBetween(0, end - frame.payloadOffset());
		assertThat(frame.srcPort()).isBetween(-1, 65535);
		assertThat(frame.srcPort() < 0).isEqualTo(frame.dstPort() < 0);
	}

	@Provide
	Arbitrary<Integer> etherTypes() {
		return Arbitraries.of(0x0800, 0x86DD);
	}

	@Provide
	Arbitrary<FrameSpec> frames() {
		Arbitrary<VlanTag> tag = Builders.withBuilder(() -> new int[4])
			.use(Arbitraries.of(0x8100, 0x88A8, 0x9100))
			.in((t, v) -> withValue(t, 0, v))
			.use(Arbitraries.integers().between(0, 7))
			.in((t, v) -> withValue(t, 1, v))
			.use(Arbitraries.integers().between(0, 1))
			.in((t, v) -> withValue(t, 2, v))
			.use(Arbitraries.integers().between(0, 4095))
			.in((t, v) -> withValue(t, 3, v))
			.build((t) -> new VlanTag(t[0], t[1], t[2], t[3]));
		return Builders.withBuilder(FrameSpecBuilder::new)
			.use(tag.list().ofMaxSize(3))
			.in((b, v) -> b.with(() -> b.tags = v))
			.use(Arbitraries.of(true, false))
			.in((b, v) -> b.with(() -> b.v6 = v))
			.use(Arbitraries.bytes().array(byte[].class).ofSize(16))
			.in((b, v) -> b.with(() -> b.src = v))
			.use(Arbitraries.bytes().array(byte[].class).ofSize(16))
			.in((b, v) -> b.with(() -> b.dst = v))
			.use(Arbitraries.integers().between(0, 255))
			.in((b, v) -> b.with(() -> b.tos = v))
			.use(Arbitraries.integers().between(0, 255))
			.in((b, v) -> b.with(() -> b.ttl = v))
			.use(Arbitraries.integers().between(0, 10))
			.in((b, v) -> b.with(() -> b.optionWords = v))
			.use(Arbitraries.integers().between(0, 3).list().ofMaxSize(3))
			.in((b, v) -> b.with(() -> b.extensionUnits = v))
			.use(Arbitraries.of(true, false))
			.in((b, v) -> b.with(() -> b.tcp = v))
			.use(Arbitraries.integers().between(0, 65535))
			.in((b, v) -> b.with(() -> b.srcPort = v))
			.use(Arbitraries.integers().between(0, 65535))
			.in((b, v) -> b.with(() -> b.dstPort = v))
			.use(Arbitraries.bytes().array(byte[].class).ofMaxSize(80))
			.in((b, v) -> b.with(() -> b.payload = v))
			.build(FrameSpecBuilder::build);
	}

	private static int[] withValue(int[] values, int index, int value) {
		values[index] = value;
		return values;
	}

	private static final class FrameSpecBuilder {

		List<VlanTag> tags;

		boolean v6;

		byte[] src;

		byte[] dst;

		int tos;

		int ttl;

		int optionWords;

		List<Integer> extensionUnits;

		boolean tcp;

		int srcPort;

		int dstPort;

		byte[] payload;

		FrameSpecBuilder with(Runnable setter) {
			setter.run();
			return this;
		}

		FrameSpec build() {
			byte[] source = this.v6 ? this.src : Arrays.copyOf(this.src, 4);
			byte[] destination = this.v6 ? this.dst : Arrays.copyOf(this.dst, 4);
			return new FrameSpec(this.tags, this.v6, source, destination, this.tos >> 2, this.tos & 3, this.ttl,
					this.optionWords, this.v6 ? this.extensionUnits : List.of(), this.tcp, this.srcPort, this.dstPort,
					this.payload);
		}

	}

	/**
	 * A valid frame: Ethernet with tags, IPv4 with option words or IPv6 with hop-by-hop,
	 * routing and destination options headers of the given sizes, TCP (with option words)
	 * or UDP, and a payload.
	 */
	record FrameSpec(List<VlanTag> tags, boolean v6, byte[] src, byte[] dst, int dscp, int ecn, int ttl,
			int optionWords, List<Integer> extensionUnits, boolean tcp, int srcPort, int dstPort, byte[] payload) {

		int ipHeaderLength() {
			if (!this.v6) {
				return 20 + 4 * this.optionWords;
			}
			return 40 + this.extensionUnits.stream().mapToInt((units) -> (units + 1) * 8).sum();
		}

		int transportHeaderLength() {
			return this.tcp ? 20 + 4 * this.optionWords : 8;
		}

		byte[] build() {
			int protocol = this.tcp ? 6 : 17;
			byte[] nops = new byte[4 * this.optionWords];
			Arrays.fill(nops, (byte) 1);
			byte[] segment = this.tcp ? Packets.tcp(this.srcPort, this.dstPort, nops, this.payload)
					: Packets.udp(this.srcPort, this.dstPort, this.payload);
			byte[] packet;
			if (this.v6) {
				int[] kinds = { Ipv6Parser.HOP_BY_HOP, Ipv6Parser.ROUTING, Ipv6Parser.DESTINATION_OPTIONS };
				List<byte[]> headers = new ArrayList<>();
				for (int i = 0; i < this.extensionUnits.size(); i++) {
					int next = (i + 1 < this.extensionUnits.size()) ? kinds[(i + 1) % 3] : protocol;
					headers.add(Packets.extensionHeader(next, this.extensionUnits.get(i)));
				}
				headers.add(segment);
				Ipv6 ip = Packets.ipv6();
				ip.next = this.extensionUnits.isEmpty() ? protocol : kinds[0];
				ip.trafficClass = (this.dscp << 2) | this.ecn;
				ip.hopLimit = this.ttl;
				ip.srcBytes = this.src;
				ip.dstBytes = this.dst;
				packet = ip.wrap(concat(headers.toArray(byte[][]::new)));
			}
			else {
				Ipv4 ip = Packets.ipv4();
				ip.protocol = protocol;
				ip.tos = (this.dscp << 2) | this.ecn;
				ip.ttl = this.ttl;
				ip.options = new byte[4 * this.optionWords];
				ip.srcBytes = this.src;
				ip.dstBytes = this.dst;
				packet = ip.wrap(segment);
			}
			int etherType = this.v6 ? 0x86DD : 0x0800;
			return Packets.padTo(Packets.ethernet(etherType, packet, this.tags.toArray(VlanTag[]::new)), 60);
		}

	}

}
