package io.sonde.webhooks.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listening socket that counts the connections it accepts: zero proves none was made.
 */
final class AcceptCounter implements AutoCloseable {

	private final ServerSocket socket;

	private final AtomicInteger accepted = new AtomicInteger();

	AcceptCounter(String address) throws IOException {
		this.socket = new ServerSocket();
		this.socket.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
		Thread thread = new Thread(this::acceptAll, "accept-counter");
		thread.setDaemon(true);
		thread.start();
	}

	int port() {
		return this.socket.getLocalPort();
	}

	int accepted() {
		return this.accepted.get();
	}

	private void acceptAll() {
		while (!this.socket.isClosed()) {
			try (Socket ignored = this.socket.accept()) {
				this.accepted.incrementAndGet();
			}
			catch (IOException ex) {
				// Closed: the test is over.
			}
		}
	}

	@Override
	public void close() throws IOException {
		this.socket.close();
	}

}
