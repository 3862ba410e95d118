package io.sonde.emulator.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A collector for tests: a UDP socket on 127.0.0.1 (a free port) and a thread that keeps
 * every datagram it receives, so the emulator's reports are checked as a real collector
 * receives them.
 */
final class UdpCollector implements AutoCloseable {

	private final DatagramChannel channel;

	private final Thread reader;

	private final List<byte[]> datagrams = new ArrayList<>();

	UdpCollector() throws IOException {
		this.channel = DatagramChannel.open();
		this.channel.setOption(StandardSocketOptions.SO_RCVBUF, 4 * 1024 * 1024);
		this.channel.bind(new InetSocketAddress("127.0.0.1", 0));
		this.reader = new Thread(this::receive, "test-collector");
		this.reader.setDaemon(true);
		this.reader.start();
	}

	InetSocketAddress address() throws IOException {
		return (InetSocketAddress) this.channel.getLocalAddress();
	}

	private void receive() {
		ByteBuffer buffer = ByteBuffer.allocate(65_535);
		try {
			while (true) {
				buffer.clear();
				this.channel.receive(buffer);
				buffer.flip();
				byte[] datagram = new byte[buffer.remaining()];
				buffer.get(datagram);
				synchronized (this.datagrams) {
					this.datagrams.add(datagram);
					this.datagrams.notifyAll();
				}
			}
		}
		catch (ClosedChannelException ex) {
			// closed by the test: done
		}
		catch (IOException ex) {
			throw new IllegalStateException("the test collector failed", ex);
		}
	}

	/**
	 * Waits until at least {@code count} datagrams arrived; false if they did not in
	 * time.
	 */
	boolean awaitCount(long count, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.datagrams) {
			while (this.datagrams.size() < count) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return false;
				}
				this.datagrams.wait(Math.max(1, left / 1_000_000));
			}
			return true;
		}
	}

	List<byte[]> datagrams() {
		synchronized (this.datagrams) {
			return List.copyOf(this.datagrams);
		}
	}

	@Override
	public void close() throws IOException {
		this.channel.close();
	}

}
