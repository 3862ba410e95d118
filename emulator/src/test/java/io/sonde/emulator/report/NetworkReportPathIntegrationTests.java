package io.sonde.emulator.report;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.sonde.emulator.net.MacAddress;
import io.sonde.emulator.net.Network;
import io.sonde.emulator.net.PacketPool;
import io.sonde.emulator.net.SwitchNode;
import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.p4programs.codec.ReportFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The sinks as a network's report sink: frames a switch node emits, in its buffer. */
class NetworkReportPathIntegrationTests {

	private final SwitchNode node = new Network(new EventScheduler(), new PacketPool(), new RandomStreams(1))
		.addSwitch("s1", 1, MacAddress.local(1));

	/** Padding, then Ethernet / IPv4 / UDP / a 6-byte TR-2.0-looking payload. */
	private static byte[] bufferWithFrameAt(int offset) {
		byte[] buffer = new byte[offset + 42 + 6 + 10];
		buffer[offset + 12] = 0x08;
		buffer[offset + 14] = 0x45;
		buffer[offset + 14 + 9] = 17;
		byte[] payload = { 0x20, 1, 2, 3, 4, 5 };
		System.arraycopy(payload, 0, buffer, offset + 42, payload.length);
		return buffer;
	}

	@Test
	void theSenderFindsTheUdpPayloadOfTheSwitchsFrame() throws Exception {
		try (DatagramChannel collector = DatagramChannel.open()) {
			collector.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			try (UdpReportSender sender = UdpReportSender.open((InetSocketAddress) collector.getLocalAddress())) {
				sender.report(this.node, 0, bufferWithFrameAt(5), 5, 48);
				ByteBuffer received = ByteBuffer.allocate(100);
				collector.receive(received);
				assertThat(Arrays.copyOf(received.array(), received.position())).containsExactly(0x20, 1, 2, 3, 4, 5);
			}
		}
	}

	@Test
	void theSenderCountsAFrameThatIsNotUdp() {
		try (UdpReportSender sender = UdpReportSender
			.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 9))) {
			byte[] frame = bufferWithFrameAt(0);
			frame[14 + 9] = 6;
			sender.report(this.node, 0, frame, 0, 48);
			assertThat(sender.malformed()).isEqualTo(1);
			assertThat(sender.sent()).isZero();
		}
	}

	@Test
	void theMemorySinkKeepsACopyOfTheFrame() {
		InMemoryReportSink sink = new InMemoryReportSink(4);
		byte[] buffer = bufferWithFrameAt(3);
		sink.report(this.node, 0, buffer, 3, 48);
		Arrays.fill(buffer, (byte) 0);
		ReportFrame kept = sink.reports().get(0);
		assertThat(kept.payload()).containsExactly(0x20, 1, 2, 3, 4, 5);
		assertThat(kept.format()).hasValue(ReportFormat.TR2_0);
		assertThatIllegalArgumentException().isThrownBy(() -> sink.report(this.node, 0, new byte[20], 0, 20));
	}

}
