package io.sonde.emulator.net;

import java.util.Arrays;

/**
 * A numbered port of a node: its egress queue and link once connected, its counters and
 * its taps.
 */
public final class Port {

	static final PacketTap[] NO_TAPS = new PacketTap[0];

	private final Node node;

	private final int number;

	private final PortCounters counters = new PortCounters();

	final TapPoint receivePoint;

	final TapPoint transmitPoint;

	PacketTap[] taps = NO_TAPS;

	EgressQueue queue;

	Link link;

	Port(Node node, int number) {
		this.node = node;
		this.number = number;
		this.receivePoint = new TapPoint(node.name(), number, TapDirection.RECEIVED);
		this.transmitPoint = new TapPoint(node.name(), number, TapDirection.TRANSMITTED);
	}

	public Node node() {
		return this.node;
	}

	public int number() {
		return this.number;
	}

	public PortCounters counters() {
		return this.counters;
	}

	public boolean isConnected() {
		return this.link != null;
	}

	/** The link on this port, or null. */
	public Link link() {
		return this.link;
	}

	/** The port at the other end of the link, or null. */
	public Port peer() {
		return (this.link == null) ? null : this.link.otherEnd(this);
	}

	/** The egress queue (exists once the port is connected), or null. */
	public EgressQueue queue() {
		return this.queue;
	}

	/**
	 * Adds a tap that sees frames received on and transmitted from this port. Set-up only
	 * (call before running or from the scheduler's thread).
	 */
	public void addTap(PacketTap tap) {
		if (tap == null) {
			throw new IllegalArgumentException("a tap is needed");
		}
		this.taps = Arrays.copyOf(this.taps, this.taps.length + 1);
		this.taps[this.taps.length - 1] = tap;
	}

	public void removeTap(PacketTap tap) {
		this.taps = Arrays.stream(this.taps).filter(t -> t != tap).toArray(PacketTap[]::new);
	}

	@Override
	public String toString() {
		return this.node.name() + ":" + this.number;
	}

}
