package io.sonde.emulator.net;

import java.util.SplittableRandom;

import io.sonde.emulator.sim.EventHandler;
import io.sonde.emulator.sim.EventScheduler;

/**
 * One direction of a link: takes frames from the sender's transmitter, loses some, and
 * delivers the rest after the propagation delay (with jitter, never reordering). While
 * the link is down it delivers nothing: frames put on the wire and frames still on it are
 * dropped and counted in {@link #droppedWhileDown()}.
 */
public final class LinkDirection {

	private final EventScheduler scheduler;

	private final PacketPool pool;

	private final Port from;

	private final Port to;

	private final SplittableRandom random;

	private final EventHandler arrival = (subject, argument) -> arrive((Packet) subject);

	PacketTap[] taps = Port.NO_TAPS;

	// Written on the scheduler's thread by Link, which changes both directions together.
	LinkParameters parameters;

	boolean up = true;

	private long lastArrival;

	private long deliveredPackets;

	private long lostPackets;

	private long droppedWhileDown;

	LinkDirection(EventScheduler scheduler, PacketPool pool, Port from, Port to, LinkParameters parameters,
			SplittableRandom random) {
		this.scheduler = scheduler;
		this.pool = pool;
		this.from = from;
		this.to = to;
		this.parameters = parameters;
		this.random = random;
	}

	public Port from() {
		return this.from;
	}

	public Port to() {
		return this.to;
	}

	public LinkParameters parameters() {
		return this.parameters;
	}

	/** Frames that arrived at the far end: the packet-hops this direction carried. */
	public long deliveredPackets() {
		return this.deliveredPackets;
	}

	/** Frames lost on the wire (the loss probability). */
	public long lostPackets() {
		return this.lostPackets;
	}

	/** Frames sent onto, or still on, the wire while the link was down. */
	public long droppedWhileDown() {
		return this.droppedWhileDown;
	}

	/** The last bit of {@code packet} left the sender at {@code now}. */
	void carry(Packet packet, long now) {
		if (!this.up) {
			this.droppedWhileDown++;
			this.pool.release(packet);
			return;
		}
		LinkParameters link = this.parameters;
		if (link.lossProbability() > 0.0 && this.random.nextDouble() < link.lossProbability()) {
			this.lostPackets++;
			this.pool.release(packet);
			return;
		}
		long delay = link.propagationDelayNanos();
		long jitter = link.jitterNanos();
		if (jitter > 0) {
			delay = Math.max(0, delay + this.random.nextLong(-jitter, jitter + 1));
		}
		// A cable does not reorder: a frame cannot overtake the one sent before it.
		long arrivesAt = Math.max(now + delay, this.lastArrival);
		this.lastArrival = arrivesAt;
		this.scheduler.schedule(arrivesAt, this.arrival, packet, 0);
	}

	private void arrive(Packet packet) {
		// A cable cut while a frame propagates loses that frame too.
		if (!this.up) {
			this.droppedWhileDown++;
			this.pool.release(packet);
			return;
		}
		this.deliveredPackets++;
		PacketTap[] linkTaps = this.taps;
		for (PacketTap tap : linkTaps) {
			tap.capture(this.to.receivePoint, this.scheduler.now(), packet, packet.frame(), packet.length());
		}
		this.to.node().arrive(packet, this.to);
	}

	@Override
	public String toString() {
		return this.from + "->" + this.to;
	}

}
