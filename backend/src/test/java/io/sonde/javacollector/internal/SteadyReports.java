package io.sonde.javacollector.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * A steady stream of telemetry reports to a collector's UDP port from a thread of its
 * own: the golden TR2.0 report of p4-programs' vectors (3 hops and the sink) and the same
 * with switch 12's hop latency 3074 -> 3224, one after the other, so that at threshold 0
 * each datagram after the first is a hop-latency event.
 */
final class SteadyReports implements AutoCloseable {

	private static final Path VECTOR = Path.of("../p4-programs/src/test/resources/vectors/tr2_0_eth_all_3h.hex");

	private final byte[][] payloads;

	private final DatagramSocket socket;

	private final int port;

	private final Thread thread;

	private volatile boolean running = true;

	private volatile long sent;

	SteadyReports(int port) throws IOException {
		String hex = Files.readString(VECTOR).replaceAll("\\s", "");
		String changed = hex.replace("0000000c006600ca00000c02", "0000000c006600ca00000c98");
		if (changed.equals(hex)) {
			throw new IllegalStateException(VECTOR + " no longer holds switch 12's hop latency 3074");
		}
		this.payloads = new byte[][] { UdpCollectorHarness.payloadOf(HexFormat.of().parseHex(hex)),
				UdpCollectorHarness.payloadOf(HexFormat.of().parseHex(changed)) };
		this.port = port;
		this.socket = new DatagramSocket();
		this.thread = new Thread(this::run, "steady-reports");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	private void run() {
		while (this.running) {
			byte[] payload = this.payloads[(int) (this.sent % 2)];
			try {
				this.socket
					.send(new DatagramPacket(payload, payload.length, InetAddress.getLoopbackAddress(), this.port));
				this.sent++;
				Thread.sleep(5);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	/** Datagrams sent so far. */
	long sent() {
		return this.sent;
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
		try {
			this.thread.join(2000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.socket.close();
	}

}
