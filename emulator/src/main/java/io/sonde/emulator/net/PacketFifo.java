package io.sonde.emulator.net;

/**
 * Packets waiting in line, linked through {@link Packet#next} so queueing allocates
 * nothing: an egress queue's and a switch processor's buffer. Scheduler's thread only.
 */
final class PacketFifo {

	private Packet head;

	private Packet tail;

	private int size;

	void add(Packet packet) {
		packet.next = null;
		if (this.tail == null) {
			this.head = packet;
		}
		else {
			this.tail.next = packet;
		}
		this.tail = packet;
		this.size++;
	}

	/** The oldest packet, or null when none waits. */
	Packet poll() {
		Packet packet = this.head;
		if (packet == null) {
			return null;
		}
		this.head = packet.next;
		if (this.head == null) {
			this.tail = null;
		}
		packet.next = null;
		this.size--;
		return packet;
	}

	int size() {
		return this.size;
	}

}
