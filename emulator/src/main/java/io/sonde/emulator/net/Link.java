package io.sonde.emulator.net;

import java.util.Arrays;

/**
 * A full-duplex cable between two ports: one {@link LinkDirection} each way, each fed by
 * the egress queue of its sending port.
 * <p>
 * A running emulation may fail the cable ({@link #setUp}) or change what it does to
 * packets ({@link #setParameters}); both directions change together, and only on the
 * scheduler's thread, between two events, so every frame sees one consistent link.
 */
public final class Link {

	private final Port a;

	private final Port b;

	private final LinkParameters configured;

	private final LinkDirection forward;

	private final LinkDirection reverse;

	Link(Port a, Port b, LinkParameters parameters, LinkDirection forward, LinkDirection reverse) {
		this.a = a;
		this.b = b;
		this.configured = parameters;
		this.forward = forward;
		this.reverse = reverse;
	}

	public Port a() {
		return this.a;
	}

	public Port b() {
		return this.b;
	}

	/** What the link does now (the same both ways). */
	public LinkParameters parameters() {
		return this.forward.parameters;
	}

	/** What the link was built with, before any change while running. */
	public LinkParameters configuredParameters() {
		return this.configured;
	}

	/**
	 * Changes delay, jitter, bandwidth, loss, queue capacity of both directions from the
	 * next frame on; frames already on the wire keep their arrival time. Scheduler's
	 * thread only.
	 */
	public void setParameters(LinkParameters changed) {
		if (changed == null) {
			throw new IllegalArgumentException("a link needs parameters");
		}
		this.forward.parameters = changed;
		this.reverse.parameters = changed;
		this.a.queue.setCapacity(changed.queueCapacityPackets());
		this.b.queue.setCapacity(changed.queueCapacityPackets());
	}

	/** Back to {@link #configuredParameters()}. Scheduler's thread only. */
	public void resetParameters() {
		setParameters(this.configured);
	}

	/** False while the cable is cut. */
	public boolean isUp() {
		return this.forward.up;
	}

	/**
	 * Cuts the cable ({@code false}: both directions drop every frame, those on the wire
	 * included) or mends it. Scheduler's thread only.
	 */
	public void setUp(boolean up) {
		this.forward.up = up;
		this.reverse.up = up;
	}

	/** Frames both directions dropped while the link was down. */
	public long droppedWhileDown() {
		return this.forward.droppedWhileDown() + this.reverse.droppedWhileDown();
	}

	/** Frames from a to b. */
	public LinkDirection forward() {
		return this.forward;
	}

	/** Frames from b to a. */
	public LinkDirection reverse() {
		return this.reverse;
	}

	/** The end that is not {@code end}. */
	public Port otherEnd(Port end) {
		if (end == this.a) {
			return this.b;
		}
		if (end == this.b) {
			return this.a;
		}
		throw new IllegalArgumentException(end + " is not an end of " + this);
	}

	/** Packet-hops: frames this link delivered in both directions. */
	public long deliveredPackets() {
		return this.forward.deliveredPackets() + this.reverse.deliveredPackets();
	}

	public long lostPackets() {
		return this.forward.lostPackets() + this.reverse.lostPackets();
	}

	/**
	 * Adds a tap that sees every frame this link delivers, in both directions, at its
	 * arrival time (a frame lost on the wire never arrives and is not seen). Set-up only.
	 */
	public void addTap(PacketTap tap) {
		if (tap == null) {
			throw new IllegalArgumentException("a tap is needed");
		}
		this.forward.taps = append(this.forward.taps, tap);
		this.reverse.taps = append(this.reverse.taps, tap);
	}

	private static PacketTap[] append(PacketTap[] taps, PacketTap tap) {
		PacketTap[] more = Arrays.copyOf(taps, taps.length + 1);
		more[taps.length] = tap;
		return more;
	}

	@Override
	public String toString() {
		return this.a + "<->" + this.b;
	}

}
