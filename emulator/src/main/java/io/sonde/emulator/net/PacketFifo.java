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

	/**
	 * Gives every waiting packet back to {@code pool} (a buffer lost with its switch's
	 * power).
	 * @return how many there were
	 */
	int releaseAll(PacketPool pool) {
		int released = 0;
		for (Packet packet = poll(); packet != null; packet = poll()) {
			pool.release(packet);
			released++;
		}
		return released;
	}

	int size() {
		return this.size;
	}

}
