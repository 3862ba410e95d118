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

	/** Bridged bit: a GPINT measurement probe; egress pops its entry and adds its hop. */
	static final int BRIDGED_PROBE = 4;

	/** Bridged bit: recovery is on, the forwarded probe is kept until feedback comes. */
	static final int BRIDGED_PROBE_COPY = 8;

	private final FrameBuffer clone = FrameBuffer.withCapacity(2048);

	private final FrameBuffer feedback = FrameBuffer.withCapacity(64);

	boolean feedbackMade;

	/** The request id of a feedback ingress received, -1 for any other packet. */
	int feedbackReceived;

	/** Why ingress dropped a GPINT packet it could not take, null otherwise. */
	ProbeDrop probeDrop;

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
		this.feedbackMade = false;
		this.feedbackReceived = -1;
		this.probeDrop = null;
	}

	/** Whether ingress answered a measurement probe with a feedback. */
	public boolean feedbackMade() {
		return this.feedbackMade;
	}

	/**
	 * The feedback: to leave by the probe's ingress port (a PacketIn when that is the CPU
	 * port). Valid until the next packet.
	 */
	public FrameBuffer feedback() {
		return this.feedback;
	}

	/**
	 * The request id of the feedback ingress consumed: the stored copy of that probe sent
	 * out of the feedback's ingress port is discarded. -1 when the packet was no
	 * feedback.
	 */
	public int feedbackReceived() {
		return this.feedbackReceived;
	}

	/** Why ingress dropped a GPINT packet, or null. */
	public ProbeDrop probeDrop() {
		return this.probeDrop;
	}

	/** Whether the packet is a measurement probe egress completes. */
	public boolean probe() {
		return (this.bridged & BRIDGED_PROBE) != 0;
	}

	/** Whether egress's probe is to be kept for its next hop's feedback. */
	public boolean probeCopy() {
		return (this.bridged & BRIDGED_PROBE_COPY) != 0;
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
