package io.sonde.emulator.net;

/**
 * Recycles {@link Packet}s and hands out ground-truth ids. A FatTree run moves millions
 * of packets a second; reusing them (and their frame arrays) keeps the garbage collector
 * out of the hot path.
 * <p>
 * Not thread-safe: used by the thread that drives the scheduler.
 */
public final class PacketPool {

	/** Ethernet MTU 1500 + 14 header + room for a full INT stack and report headers. */
	public static final int DEFAULT_FRAME_CAPACITY = 2048;

	private final int frameCapacity;

	private Packet free;

	private int idle;

	private long created;

	private long nextId = 1;

	public PacketPool() {
		this(DEFAULT_FRAME_CAPACITY);
	}

	public PacketPool(int frameCapacity) {
		if (frameCapacity < 64) {
			throw new IllegalArgumentException("a frame capacity under 64 bytes cannot hold an Ethernet frame");
		}
		this.frameCapacity = frameCapacity;
	}

	/** A blank packet with a new ground-truth id. */
	public Packet acquire() {
		Packet packet = this.free;
		if (packet != null) {
			this.free = packet.next;
			this.idle--;
		}
		else {
			packet = new Packet(this.frameCapacity);
			this.created++;
		}
		packet.reset(this.nextId++);
		return packet;
	}

	/** A new packet (new id) with a copy of {@code original}'s frame and flow. */
	public Packet copyOf(Packet original) {
		Packet copy = acquire();
		copy.setFrame(original.frame(), 0, original.length());
		copy.flowIndex = original.flowIndex;
		copy.sentTimestamp = original.sentTimestamp;
		copy.ingressTimestamp = original.ingressTimestamp;
		copy.ingressPort = original.ingressPort;
		copy.bridgedMetadata = original.bridgedMetadata;
		return copy;
	}

	/**
	 * Takes a packet back.
	 * @throws IllegalStateException if it is already back (a double release would hand
	 * one packet to two owners)
	 */
	public void release(Packet packet) {
		if (packet.pooled) {
			throw new IllegalStateException("packet " + packet.id + " was released twice");
		}
		packet.pooled = true;
		packet.egressObserver = null;
		packet.next = this.free;
		this.free = packet;
		this.idle++;
	}

	/** Packets allocated so far (the pool's high-water mark). */
	public long created() {
		return this.created;
	}

	/** Packets waiting in the pool. */
	public int idle() {
		return this.idle;
	}

	/** Packets handed out and not yet released. */
	public long inUse() {
		return this.created - this.idle;
	}

	/** Ids handed out so far. */
	public long issuedIds() {
		return this.nextId - 1;
	}

}
