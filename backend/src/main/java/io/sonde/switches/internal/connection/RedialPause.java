package io.sonde.switches.internal.connection;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * The pause before redialling a switch whose connection failed: the back-off, cut short
 * as soon as the switch answers again. A full dial (channel, stream, arbitration, and TLS
 * where configured) is paced by the back-off, which grows to seconds for a switch that
 * stays away; in between, a TCP connect to its P4Runtime port every {@code probeInterval}
 * looks whether anything listens again, which costs the switch one accepted and closed
 * connection. So a switch that comes back is redialled within about two probe intervals,
 * however long it was down, and a dead one is not dialled more often than the back-off
 * says.
 * <p>
 * A switch that accepts connections but fails its dials (a wrong device id, an election
 * id in use) must not be redialled at every probe: after a pause that a probe cut short,
 * the next pause is cut short again only once a probe has seen the port closed in between
 * (the switch went away and came back), or after a session that worked.
 */
final class RedialPause {

	private final InetSocketAddress address;

	private final Duration probeInterval;

	private boolean mayEndEarly = true;

	RedialPause(String host, int port, Duration probeInterval) {
		this.address = InetSocketAddress.createUnresolved(host, port);
		this.probeInterval = probeInterval;
	}

	/**
	 * Waits up to {@code backoff}, probing the switch's port every probe interval.
	 * @return true if the pause ended early because the switch answers again
	 * @throws InterruptedException if the connection is closing
	 */
	boolean await(Duration backoff) throws InterruptedException {
		long end = System.nanoTime() + backoff.toNanos();
		long interval = this.probeInterval.toNanos();
		// Probes at a fixed rate: one that waited out its timeout delays the
		// next no more.
		long probeAt = System.nanoTime() + interval;
		while (probeAt < end) {
			sleepUntil(probeAt);
			boolean answers = answers();
			if (!answers) {
				this.mayEndEarly = true;
			}
			else if (this.mayEndEarly) {
				this.mayEndEarly = false;
				return true;
			}
			probeAt = Math.max(probeAt + interval, System.nanoTime());
		}
		sleepUntil(end);
		return false;
	}

	/** A session worked: the next pause may end at the first answer again. */
	void reset() {
		this.mayEndEarly = true;
	}

	/**
	 * Whether something accepts a TCP connection on the switch's port within the
	 * interval.
	 */
	private boolean answers() {
		InetSocketAddress resolved = new InetSocketAddress(this.address.getHostString(), this.address.getPort());
		if (resolved.isUnresolved()) {
			return false;
		}
		try (Socket socket = new Socket()) {
			socket.connect(resolved, (int) Math.max(1, this.probeInterval.toMillis()));
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void sleepUntil(long nanoTime) throws InterruptedException {
		long left = nanoTime - System.nanoTime();
		if (left > 0) {
			Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
		}
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
	}

}
