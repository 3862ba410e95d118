package io.sonde.emulator.net;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.sonde.emulator.sim.EventScheduler;
import io.sonde.emulator.sim.RandomStreams;
import io.sonde.emulator.sim.VirtualClock;

/**
 * A hand-built network in virtual time for the tests of this package, with helpers to
 * send frames and record what hosts receive.
 */
final class NetworkFixture {

	final EventScheduler scheduler = new EventScheduler();

	final VirtualClock clock = new VirtualClock(this.scheduler, Instant.EPOCH);

	final PacketPool pool = new PacketPool();

	final Network network;

	NetworkFixture(long seed) {
		this.network = new Network(this.scheduler, this.pool, new RandomStreams(seed));
	}

	HostNode host(String name, int lastOctet) {
		return this.network.addHost(name, Ipv4Address.of(10, 0, 0, lastOctet), MacAddress.local(lastOctet));
	}

	SwitchNode switchNode(String name, long deviceId) {
		return this.network.addSwitch(name, deviceId, MacAddress.local(0x5300 + deviceId));
	}

	Link connect(Node a, int portA, Node b, int portB, LinkParameters parameters) {
		return this.network.connect(port(a, portA), port(b, portB), parameters);
	}

	private static Port port(Node node, int number) {
		return node.findPort(number).orElseGet(() -> node.addPort(number));
	}

	/**
	 * Schedules {@code host} to send a frame of {@code length} bytes at {@code atNanos}.
	 */
	void sendAt(long atNanos, HostNode host, int length) {
		this.scheduler.schedule(atNanos, () -> host.send(frame(length)));
	}

	/** A packet whose frame is {@code length} bytes numbering its own id. */
	Packet frame(int length) {
		Packet packet = this.pool.acquire();
		byte[] frame = packet.ensureCapacity(length);
		for (int i = 0; i < length; i++) {
			frame[i] = (byte) (packet.id() + i);
		}
		packet.setLength(length);
		return packet;
	}

	/** Records (packet id, arrival time, length) of every frame the host receives. */
	List<Received> recordArrivals(HostNode host) {
		List<Received> received = new ArrayList<>();
		host.setReceiver((h, packet, time) -> received.add(new Received(packet.id(), time, packet.length())));
		return received;
	}

	/**
	 * Nanoseconds to serialize {@code length} bytes (+ overhead), rounded up: from the
	 * spec.
	 */
	static long serialization(int length, int overheadBytes, long bitsPerSecond) {
		long bits = (length + overheadBytes) * 8L;
		return (long) Math.ceil(bits * 1e9 / bitsPerSecond);
	}

	record Received(long id, long time, int length) {
	}

}
