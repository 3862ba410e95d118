package io.sonde.emulator.pipeline;

/**
 * What {@link SondeIngress} decided for one packet: drop it or queue it on an egress
 * port, what egress must know of ingress, and the report clone if the sink made one. One
 * instance is reused for every packet: read it before the next packet enters ingress.
 */
public final class IngressResult {

	/** Bridged bit: the INT-MD header is valid after ingress (transit applies). */
	static final int BRIDGED_INT_VALID = 1;

	/** Bridged bit: the ingress parser stopped with an error. */
	static final int BRIDGED_PARSER_ERROR = 2;

	private final FrameBuffer clone = FrameBuffer.withCapacity(2048);

	long packetId;

	int egressPort;

	int bridged;

	boolean cloned;

	int cloneSessionPort;

	long cloneIngressTimestamp;

	int cloneIngressPort;

	int cloneOriginalEgressPort;

	void reset(long packetId) {
		this.packetId = packetId;
		this.egressPort = 0;
		this.bridged = 0;
		this.cloned = false;
	}

	/**
	 * Whether v1model drops the packet at the end of ingress (egress_spec = DROP_PORT).
	 */
	public boolean drop() {
		return this.egressPort == IntWire.DROP_PORT;
	}

	/** {@code standard_metadata.egress_spec}: the port to queue the packet on. */
	public int egressPort() {
		return this.egressPort;
	}

	/**
	 * Metadata ingress hands to egress (v1model keeps the parsed headers and
	 * {@code parser_error} from one to the other): pass it to {@link EgressMetadata#set}
	 * unchanged.
	 */
	public int bridged() {
		return this.bridged;
	}

	/**
	 * Whether the sink cloned the packet for a report; {@link SondeEgress#applyClone}
	 * turns the clone into one.
	 */
	public boolean cloned() {
		return this.cloned;
	}

	/** The clone: the frame as ingress received it. Valid until the next packet. */
	public FrameBuffer clone() {
		return this.clone;
	}

	/** The clone session's port, the clone's egress port. */
	public int cloneSessionPort() {
		return this.cloneSessionPort;
	}

	void cloneFrom(byte[] frame, int length, int sessionPort, long ingressTimestamp, int ingressPort,
			int originalEgressPort) {
		this.clone.copyFrom(frame, length);
		this.cloned = true;
		this.cloneSessionPort = sessionPort;
		this.cloneIngressTimestamp = ingressTimestamp;
		this.cloneIngressPort = ingressPort;
		this.cloneOriginalEgressPort = originalEgressPort;
	}

}
