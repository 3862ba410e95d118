package io.sonde.emulator.control;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.sonde.p4programs.codec.TelemetryReport;
import io.sonde.p4programs.codec.TelemetryReportCodec;
import io.sonde.p4programs.codec.TelemetryReportV20;

/**
 * A collector for the control channel's tests: a UDP socket on 127.0.0.1 that decodes
 * every telemetry report it receives and counts them by the node id of the sink that sent
 * them (the device id of the switch where the reported flow left the network).
 */
final class ReportsBySink implements AutoCloseable {

	private final DatagramChannel channel;

	private final ConcurrentHashMap<Long, AtomicLong> counts = new ConcurrentHashMap<>();

	private final AtomicLong undecodable = new AtomicLong();

	ReportsBySink() throws IOException {
		this.channel = DatagramChannel.open();
		this.channel.setOption(StandardSocketOptions.SO_RCVBUF, 4 * 1024 * 1024);
		this.channel.bind(new InetSocketAddress("127.0.0.1", 0));
		Thread reader = new Thread(this::receive, "test-reports-by-sink");
		reader.setDaemon(true);
		reader.start();
	}

	InetSocketAddress address() throws IOException {
		return (InetSocketAddress) this.channel.getLocalAddress();
	}

	/** Reports received so far from the sink with this node id. */
	long from(long nodeId) {
		AtomicLong count = this.counts.get(nodeId);
		return (count != null) ? count.get() : 0;
	}

	/** Datagrams that were no TR-2.0 report (a test expects none). */
	long undecodable() {
		return this.undecodable.get();
	}

	private void receive() {
		ByteBuffer buffer = ByteBuffer.allocate(65_535);
		try {
			while (true) {
				buffer.clear();
				this.channel.receive(buffer);
				buffer.flip();
				count(buffer.array(), buffer.limit());
			}
		}
		catch (ClosedChannelException ex) {
			// closed by the test: done
		}
		catch (IOException ex) {
			throw new IllegalStateException("the test collector failed", ex);
		}
	}

	private void count(byte[] datagram, int length) {
		try {
			TelemetryReport report = TelemetryReportCodec.decode(datagram, 0, length);
			if (report instanceof TelemetryReportV20 v20) {
				this.counts.computeIfAbsent(v20.nodeId(), (id) -> new AtomicLong()).incrementAndGet();
				return;
			}
		}
		catch (RuntimeException | io.sonde.p4programs.codec.MalformedTelemetry ex) {
			// counted below
		}
		this.undecodable.incrementAndGet();
	}

	@Override
	public void close() throws IOException {
		this.channel.close();
	}

}
