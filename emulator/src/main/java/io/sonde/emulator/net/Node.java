package io.sonde.emulator.net;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import io.sonde.emulator.sim.EventScheduler;

/**
 * A switch or a host: a name and numbered ports. Frames arrive through
 * {@link #arrive(Packet, Port)} (counters and taps first) and each kind of node decides
 * what to do with them.
 */
public abstract sealed class Node permits SwitchNode, HostNode {

	/** P4Runtime port ids are 32 bits, but v1model ports are 9 bits: keep to that. */
	public static final int MAX_PORT_NUMBER = 511;

	private final String name;

	final EventScheduler scheduler;

	final PacketPool pool;

	private Port[] portsByNumber = new Port[0];

	private final List<Port> ports = new ArrayList<>();

	Node(String name, EventScheduler scheduler, PacketPool pool) {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("a node needs a name");
		}
		this.name = name;
		this.scheduler = scheduler;
		this.pool = pool;
	}

	public String name() {
		return this.name;
	}

	public EventScheduler scheduler() {
		return this.scheduler;
	}

	public PacketPool packets() {
		return this.pool;
	}

	/** Adds port {@code number} (0..{@value #MAX_PORT_NUMBER}). */
	public Port addPort(int number) {
		if (number < 0 || number > MAX_PORT_NUMBER) {
			throw new IllegalArgumentException(
					"port numbers are 0.." + MAX_PORT_NUMBER + ", got " + number + " on " + this.name);
		}
		if (number < this.portsByNumber.length && this.portsByNumber[number] != null) {
			throw new IllegalArgumentException("node " + this.name + " already has port " + number);
		}
		if (number >= this.portsByNumber.length) {
			this.portsByNumber = Arrays.copyOf(this.portsByNumber, number + 1);
		}
		Port port = new Port(this, number);
		this.portsByNumber[number] = port;
		this.ports.add(port);
		return port;
	}

	/**
	 * @throws UnknownPort if the node has no such port
	 */
	public Port port(int number) {
		Port port = portOrNull(number);
		if (port == null) {
			throw new UnknownPort(this.name, number);
		}
		return port;
	}

	public Optional<Port> findPort(int number) {
		return Optional.ofNullable(portOrNull(number));
	}

	/** Ports in the order they were added. */
	public List<Port> ports() {
		return Collections.unmodifiableList(this.ports);
	}

	final Port portOrNull(int number) {
		return (number >= 0 && number < this.portsByNumber.length) ? this.portsByNumber[number] : null;
	}

	/** A frame arrived on {@code ingress}: count it, show it to the taps, hand it on. */
	final void arrive(Packet packet, Port ingress) {
		PortCounters counters = ingress.counters();
		counters.receivedPackets++;
		counters.receivedBytes += packet.length();
		PacketTap[] taps = ingress.taps;
		for (PacketTap tap : taps) {
			tap.capture(ingress.receivePoint, this.scheduler.now(), packet, packet.frame(), packet.length());
		}
		receive(packet, ingress);
	}

	/** What the node does with an arrived frame; it owns the packet from here. */
	abstract void receive(Packet packet, Port ingress);

	/** A telemetry report produced at this node; only switches emit them. */
	void emitReport(byte[] frame, int offset, int length) {
	}

	@Override
	public String toString() {
		return getClass().getSimpleName() + "[" + this.name + "]";
	}

}
