package io.sonde.emulator.report;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UdpReportSenderIntegrationTests {

	@Test
	void deliversEachReportPayloadAsOneDatagram() throws Exception {
		try (DatagramChannel collector = DatagramChannel.open()) {
			collector.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			InetSocketAddress address = (InetSocketAddress) collector.getLocalAddress();
			byte[] frame = new byte[42 + 6];
			byte[] payload = { 0x20, 0x40, 0x00, 0x01, 0x00, 0x07 };
			System.arraycopy(payload, 0, frame, 42, payload.length);
			try (UdpReportSender sender = UdpReportSender.open(address)) {
				sender.accept(new ReportFrame(frame, 42));
				sender.accept(new ReportFrame(frame, 44));

				ByteBuffer received = ByteBuffer.allocate(100);
				InetSocketAddress from = (InetSocketAddress) collector.receive(received);
				assertThat(Arrays.copyOf(received.array(), received.position())).isEqualTo(payload);
				assertThat(from.getPort()).isEqualTo(sender.localAddress().getPort());
				received.clear();
				collector.receive(received);
				assertThat(received.position()).isEqualTo(4);
				assertThat(sender.sent()).isEqualTo(2);
				assertThat(sender.failed()).isZero();
			}
		}
	}

	@Test
	void aReportThatCannotBeSentIsCountedNotThrown() {
		UdpReportSender sender = UdpReportSender.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 9));
		sender.close();
		sender.accept(new ReportFrame(new byte[50], 42));
		assertThat(sender.failed()).isEqualTo(1);
		assertThat(sender.sent()).isZero();
	}

	@Test
	void theDefaultCollectorIsLoopbackPort32766() {
		assertThat(UdpReportSender.DEFAULT_COLLECTOR.getPort()).isEqualTo(32766);
		assertThat(UdpReportSender.DEFAULT_COLLECTOR.getAddress().isLoopbackAddress()).isTrue();
	}

}
