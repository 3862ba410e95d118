package io.sonde.emulator.net;

/**
 * One frame in flight: the bytes (Ethernet header first, no FCS), their length, the
 * emulator's ground-truth id and the per-hop facts a switch records (ingress port and
 * timestamp, when and behind how many packets it was queued).
 * <p>
 * Packets come from a {@link PacketPool} and go back to it when delivered or dropped, so
 * the frame array is reused: whoever wants to keep bytes past a callback copies them. A
 * packet belongs to one place at a time (a queue, a wire, a switch's pipeline).
 */
public final class Packet {

	private byte[] frame;

	private int length;

	long id;

	int flowIndex;

	long sentTimestamp;

	long ingressTimestamp;

	int ingressPort;

	long enqueueTimestamp;

	int enqueueDepth;

	long bridgedMetadata;

	EgressObserver egressObserver;

	/** Link of the intrusive FIFO in {@link EgressQueue} and of the pool's free list. */
	Packet next;

	boolean pooled;

	Packet(int frameCapacity) {
		this.frame = new byte[frameCapacity];
	}

	/** The frame bytes; only the first {@link #length()} are the packet. */
	public byte[] frame() {
		return this.frame;
	}

	public int length() {
		return this.length;
	}

	/**
	 * Sets the frame length, e.g. after a pipeline pushed or stripped headers in place.
	 * @throws IllegalArgumentException if longer than the frame array
	 */
	public void setLength(int newLength) {
		if (newLength < 0 || newLength > this.frame.length) {
			throw new IllegalArgumentException(
					"frame length " + newLength + " outside 0.." + this.frame.length + " (call ensureCapacity first)");
		}
		this.length = newLength;
	}

	/**
	 * Makes the frame array at least {@code capacity} bytes long, keeping its content.
	 * @return the (possibly new) frame array
	 */
	public byte[] ensureCapacity(int capacity) {
		if (capacity > this.frame.length) {
			byte[] larger = new byte[Math.max(capacity, this.frame.length * 2)];
			System.arraycopy(this.frame, 0, larger, 0, this.length);
			this.frame = larger;
		}
		return this.frame;
	}

	/** Copies {@code length} bytes from {@code source} into this packet's frame. */
	public void setFrame(byte[] source, int offset, int frameLength) {
		ensureCapacity(frameLength);
		System.arraycopy(source, offset, this.frame, 0, frameLength);
		this.length = frameLength;
	}

	/** The emulator's ground-truth id, unique within a {@link PacketPool}. */
	public long id() {
		return this.id;
	}

	/** Index of the traffic flow that sent the packet, or -1. */
	public int flowIndex() {
		return this.flowIndex;
	}

	public void setFlowIndex(int flowIndex) {
		this.flowIndex = flowIndex;
	}

	/** When the sending host handed the packet to its NIC (ground truth). */
	public long sentTimestampNanos() {
		return this.sentTimestamp;
	}

	/** When the packet arrived at the switch it is in (last bit received). */
	public long ingressTimestampNanos() {
		return this.ingressTimestamp;
	}

	/** Port it arrived on at the switch it is in. */
	public int ingressPort() {
		return this.ingressPort;
	}

	/** When it entered the egress queue it is in or just left. */
	public long enqueueTimestampNanos() {
		return this.enqueueTimestamp;
	}

	/** Packets waiting ahead of it when it was enqueued. */
	public int enqueueDepth() {
		return this.enqueueDepth;
	}

	/**
	 * Up to 64 bits the ingress stage of a pipeline hands to its egress stage (the role
	 * of bridged metadata in a real switch).
	 */
	public long bridgedMetadata() {
		return this.bridgedMetadata;
	}

	public void setBridgedMetadata(long value) {
		this.bridgedMetadata = value;
	}

	void reset(long newId) {
		this.id = newId;
		this.length = 0;
		this.flowIndex = -1;
		this.sentTimestamp = 0;
		this.ingressTimestamp = 0;
		this.ingressPort = -1;
		this.enqueueTimestamp = 0;
		this.enqueueDepth = 0;
		this.bridgedMetadata = 0;
		this.egressObserver = null;
		this.next = null;
		this.pooled = false;
	}

	@Override
	public String toString() {
		return "Packet[id=" + this.id + ", length=" + this.length + ", flow=" + this.flowIndex + "]";
	}

}
