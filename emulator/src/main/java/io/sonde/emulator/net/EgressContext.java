package io.sonde.emulator.net;

/**
 * What the egress stage sees of a packet leaving its queue. Valid only during
 * {@link EgressObserver#onEgress}; the object is reused for the next packet.
 */
public interface EgressContext {

	/** The packet (ground-truth id, ingress facts, bridged metadata). */
	Packet packet();

	/** The frame bytes, to read or rewrite in place. */
	default byte[] frame() {
		return packet().frame();
	}

	default int length() {
		return packet().length();
	}

	/** Sets the frame length after pushing or stripping headers. */
	default void setLength(int length) {
		packet().setLength(length);
	}

	/** Grows the frame array (keeping the content) and returns it. */
	default byte[] ensureCapacity(int capacity) {
		return packet().ensureCapacity(capacity);
	}

	/** The node the packet is leaving. */
	Node node();

	/** The port it leaves by. */
	int egressPort();

	/** Now: when the packet left the queue and its egress processing runs. */
	long egressTimestampNanos();

	/** When it entered the queue. */
	long enqueueTimestampNanos();

	/** How long it waited in the queue (egress minus enqueue timestamp). */
	default long queueWaitNanos() {
		return egressTimestampNanos() - enqueueTimestampNanos();
	}

	/** Packets that were waiting ahead of it when it was enqueued. */
	int queueDepthAtEnqueue();

	/** Packets still waiting behind it as it leaves. */
	int queueDepthAtDequeue();

	/** The queue's capacity in packets. */
	int queueCapacity();

	/** When it arrived at this switch (0 for a packet a host sent). */
	default long ingressTimestampNanos() {
		return packet().ingressTimestampNanos();
	}

	default int ingressPort() {
		return packet().ingressPort();
	}

	/** Discards the packet instead of transmitting it. */
	void drop();

	/**
	 * Hands a telemetry report (a complete frame) to the node's report sink; the bytes
	 * are copied out by the sink if kept.
	 */
	void sendReport(byte[] frame, int offset, int length);

}
