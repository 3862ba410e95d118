package io.sonde.e2e.bmv2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP port on 127.0.0.1 that forwards each connection to a Unix socket. BMv2 runs in a
 * network namespace of its own (its Thrift server listens on every address of it, and its
 * ports are veths no other test sees), where a TCP listener would be out of the JVM's
 * reach; its P4Runtime server listens on a Unix socket instead, which a path reaches from
 * any namespace, and Sonde dials this port as it dials any switch. A connection made
 * while nothing listens on the socket (the switch is down) is closed at once, as a
 * refused dial would be.
 */
final class UnixSocketRelay implements AutoCloseable {

	private final Path socket;

	private final ServerSocketChannel listener;

	private final Set<SocketChannel> open = ConcurrentHashMap.newKeySet();

	private final Thread acceptor;

	UnixSocketRelay(Path socket) {
		this.socket = socket;
		try {
			this.listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot listen on 127.0.0.1", ex);
		}
		this.acceptor = new Thread(this::accept, "relay-" + socket.getFileName());
		this.acceptor.setDaemon(true);
		this.acceptor.start();
	}

	int port() {
		return this.listener.socket().getLocalPort();
	}

	/** Cuts every relayed connection, as a switch that stops does. */
	void cutAll() {
		for (SocketChannel channel : this.open) {
			closeQuietly(channel);
		}
	}

	@Override
	public void close() {
		closeQuietly(this.listener);
		cutAll();
	}

	private void accept() {
		while (this.listener.isOpen()) {
			SocketChannel client;
			try {
				client = this.listener.accept();
			}
			catch (IOException ex) {
				return;
			}
			SocketChannel server;
			try {
				server = SocketChannel.open(StandardProtocolFamily.UNIX);
				server.connect(UnixDomainSocketAddress.of(this.socket));
			}
			catch (IOException ex) {
				closeQuietly(client);
				continue;
			}
			this.open.add(client);
			this.open.add(server);
			pump(client, server);
			pump(server, client);
		}
	}

	private void pump(SocketChannel from, SocketChannel to) {
		Thread thread = new Thread(() -> {
			ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
			try {
				while (from.read(buffer) >= 0) {
					buffer.flip();
					while (buffer.hasRemaining()) {
						to.write(buffer);
					}
					buffer.clear();
				}
			}
			catch (ClosedChannelException ex) {
				// the other direction or cutAll closed it
			}
			catch (IOException ex) {
				// a reset: the connection ends as if closed
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
				this.open.remove(from);
				this.open.remove(to);
			}
		}, "relay-pump-" + this.socket.getFileName());
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(java.nio.channels.Channel channel) {
		try {
			channel.close();
		}
		catch (IOException ex) {
			// closing is all that is wanted; a failure leaves nothing to do
		}
	}

}
