package io.sonde.emulator.traffic;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.sonde.emulator.net.Ipv4Address;
import io.sonde.emulator.net.MacAddress;

import static io.sonde.emulator.traffic.FrameChecks.u16;
import static io.sonde.emulator.traffic.FrameChecks.u32;
import static io.sonde.emulator.traffic.FrameChecks.u8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PacketBuilderTests {

	private static final MacAddress HOST_MAC = MacAddress.parse("02:48:0a:00:00:02");

	private static final MacAddress GATEWAY_MAC = MacAddress.parse("02:53:00:00:00:01");

	private static final Ipv4Address SOURCE = Ipv4Address.parse("10.0.0.2");

	private static final Ipv4Address DESTINATION = Ipv4Address.parse("10.3.1.3");

	private static FlowAddresses addresses(TransportProtocol protocol) {
		return new FlowAddresses(HOST_MAC, GATEWAY_MAC, SOURCE, DESTINATION, protocol, 40001, 5001);
	}

	@Test
	void buildsAUdpFrameWithTheFlowsHeadersAndValidChecksums() {
		PacketBuilder builder = PacketBuilder.forFlow(addresses(TransportProtocol.UDP), 0x17, 1000, 77);
		byte[] frame = new byte[2048];
		int length = builder.write(frame, 5);

		assertThat(length).isEqualTo(1000);
		assertThat(Arrays.copyOfRange(frame, 0, 6)).isEqualTo(GATEWAY_MAC.toBytes());
		assertThat(Arrays.copyOfRange(frame, 6, 12)).isEqualTo(HOST_MAC.toBytes());
		assertThat(u16(frame, 12)).isEqualTo(0x0800);
		assertThat(u8(frame, 14)).isEqualTo(0x45);
		assertThat(u8(frame, 15) >>> 2).as("DSCP").isEqualTo(0x17);
		assertThat(u16(frame, 16)).as("IPv4 total length").isEqualTo(1000 - 14);
		assertThat(u16(frame, 18)).as("identification").isEqualTo(5);
		assertThat(u16(frame, 20)).as("flags: DF").isEqualTo(0x4000);
		assertThat(u8(frame, 22)).as("TTL").isEqualTo(64);
		assertThat(u8(frame, 23)).as("protocol").isEqualTo(17);
		assertThat(u32(frame, 26)).isEqualTo(SOURCE.value() & 0xFFFF_FFFFL);
		assertThat(u32(frame, 30)).isEqualTo(DESTINATION.value() & 0xFFFF_FFFFL);
		assertThat(u16(frame, 34)).isEqualTo(40001);
		assertThat(u16(frame, 36)).isEqualTo(5001);
		assertThat(u16(frame, 38)).as("UDP length").isEqualTo(1000 - 34);
		assertThat(new String(frame, 42, 4)).isEqualTo("SNDE");
		assertThat(u32(frame, 46)).as("flow tag").isEqualTo(77);
		assertThat(u32(frame, 50) << 32 | u32(frame, 54)).as("sequence").isEqualTo(5);
		assertThat(FrameChecks.ipv4HeaderChecksumHolds(frame)).isTrue();
		assertThat(FrameChecks.transportChecksumHolds(frame, length)).isTrue();
	}

	@Test
	void tcpSegmentsAdvanceTheirSequenceNumberByThePayload() {
		PacketBuilder builder = PacketBuilder.forFlow(addresses(TransportProtocol.TCP), 0, 600, 3);
		byte[] frame = new byte[600];
		long[] sequenceNumbers = new long[4];
		for (int i = 0; i < 4; i++) {
			builder.write(frame, i);
			assertThat(u8(frame, 23)).isEqualTo(6);
			assertThat(u8(frame, 46) >>> 4).as("data offset").isEqualTo(5);
			assertThat(u8(frame, 47)).as("flags ACK|PSH").isEqualTo(0x18);
			assertThat(FrameChecks.transportChecksumHolds(frame, 600)).isTrue();
			sequenceNumbers[i] = u32(frame, 38);
		}
		int payload = 600 - 14 - 20 - 20;
		assertThat(builder.payloadBytes()).isEqualTo(payload);
		for (int i = 1; i < 4; i++) {
			assertThat((sequenceNumbers[i] - sequenceNumbers[i - 1]) & 0xFFFF_FFFFL).isEqualTo(payload);
		}
	}

	@ParameterizedTest
	@CsvSource({ "UDP, 60", "UDP, 61", "UDP, 1514", "TCP, 60", "TCP, 63", "TCP, 71", "TCP, 9018" })
	void checksumsHoldForEverySizeAndSequence(TransportProtocol protocol, int frameBytes) {
		PacketBuilder builder = PacketBuilder.forFlow(addresses(protocol), 46, frameBytes, 123_456);
		byte[] frame = new byte[frameBytes];
		for (long sequence : new long[] { 0, 1, 65_535, 65_536, 4_294_967_296L, Long.MAX_VALUE }) {
			assertThat(builder.write(frame, sequence)).isEqualTo(frameBytes);
			assertThat(FrameChecks.ipv4HeaderChecksumHolds(frame)).as("IPv4 checksum, sequence %d", sequence).isTrue();
			assertThat(FrameChecks.transportChecksumHolds(frame, frameBytes))
				.as("%s checksum, sequence %d", protocol, sequence)
				.isTrue();
		}
	}

	@Test
	void aReusedDirtyFrameComesOutIdenticalToAFreshOne() {
		PacketBuilder builder = PacketBuilder.forFlow(addresses(TransportProtocol.UDP), 0, 800, 9);
		byte[] fresh = new byte[800];
		builder.write(fresh, 42);
		byte[] dirty = new byte[800];
		Arrays.fill(dirty, (byte) 0x5a);
		builder.write(dirty, 42);
		assertThat(dirty).isEqualTo(fresh);
	}

	@Test
	void rejectsImpossibleFlows() {
		assertThatThrownBy(() -> PacketBuilder.forFlow(addresses(TransportProtocol.UDP), 64, 100, 0))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("DSCP");
		assertThatThrownBy(() -> PacketBuilder.forFlow(addresses(TransportProtocol.UDP), 0, 59, 0))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("frame size");
		assertThatThrownBy(
				() -> new FlowAddresses(HOST_MAC, GATEWAY_MAC, SOURCE, DESTINATION, TransportProtocol.UDP, 70_000, 1))
			.isInstanceOf(IllegalArgumentException.class);
	}

}
