package io.sonde.emulator.net;

import io.sonde.emulator.sim.EventScheduler;

/**
 * An end host with one NIC: it sends the frames its traffic generators build through the
 * NIC's egress queue and hands the frames it receives to its {@link PacketReceiver}.
 */
public final class HostNode extends Node {

	private final Ipv4Address ipv4;

	private final MacAddress mac;

	private MacAddress gatewayMac;

	private PacketReceiver receiver = PacketReceiver.DISCARD;

	private Port nic;

	private long sentPackets;

	private long receivedPackets;

	private long unsentPackets;

	HostNode(String name, Ipv4Address ipv4, MacAddress mac, EventScheduler scheduler, PacketPool pool) {
		super(name, scheduler, pool);
		if (ipv4 == null || mac == null) {
			throw new IllegalArgumentException("host " + name + " needs an IPv4 and a MAC address");
		}
		this.ipv4 = ipv4;
		this.mac = mac;
		this.gatewayMac = mac;
	}

	public Ipv4Address ipv4() {
		return this.ipv4;
	}

	public MacAddress mac() {
		return this.mac;
	}

	/**
	 * The destination MAC of frames this host sends: its first-hop switch's router MAC
	 * (hosts route everything through their gateway; there is no ARP in the emulator).
	 */
	public MacAddress gatewayMac() {
		return this.gatewayMac;
	}

	public void setGatewayMac(MacAddress gateway) {
		this.gatewayMac = gateway;
	}

	public void setReceiver(PacketReceiver receiver) {
		this.receiver = (receiver != null) ? receiver : PacketReceiver.DISCARD;
	}

	public PacketReceiver receiver() {
		return this.receiver;
	}

	/** The connected port the host sends from (its lowest-numbered connected port). */
	public Port nic() {
		if (this.nic == null || !this.nic.isConnected()) {
			this.nic = ports().stream().filter(Port::isConnected).findFirst().orElse(null);
		}
		return this.nic;
	}

	public long sentPackets() {
		return this.sentPackets;
	}

	public long receivedPackets() {
		return this.receivedPackets;
	}

	/** Packets handed to {@link #send} while the host had no connected NIC. */
	public long unsentPackets() {
		return this.unsentPackets;
	}

	/**
	 * Hands a frame to the NIC (scheduler's thread); the NIC owns the packet from here.
	 */
	public void send(Packet packet) {
		Port port = nic();
		if (port == null) {
			this.unsentPackets++;
			this.pool.release(packet);
			return;
		}
		long now = this.scheduler.now();
		packet.sentTimestamp = now;
		packet.egressObserver = null;
		this.sentPackets++;
		port.queue.enqueue(packet);
	}

	@Override
	void receive(Packet packet, Port ingress) {
		this.receivedPackets++;
		this.receiver.received(this, packet, this.scheduler.now());
		this.pool.release(packet);
	}

}
