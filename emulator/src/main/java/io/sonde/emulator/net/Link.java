package io.sonde.emulator.net;

import java.util.Arrays;

/**
 * A full-duplex cable between two ports: one {@link LinkDirection} each way, each fed by
 * the egress queue of its sending port.
 */
public final class Link {

	private final Port a;

	private final Port b;

	private final LinkParameters parameters;

	private final LinkDirection forward;

	private final LinkDirection reverse;

	Link(Port a, Port b, LinkParameters parameters, LinkDirection forward, LinkDirection reverse) {
		this.a = a;
		this.b = b;
		this.parameters = parameters;
		this.forward = forward;
		this.reverse = reverse;
	}

	public Port a() {
		return this.a;
	}

	public Port b() {
		return this.b;
	}

	public LinkParameters parameters() {
		return this.parameters;
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
