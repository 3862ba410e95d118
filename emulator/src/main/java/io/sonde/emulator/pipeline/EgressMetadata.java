package io.sonde.emulator.pipeline;

/**
 * The v1model standard metadata and bridged metadata sonde.p4's egress reads, for one
 * packet: what the emulated queue reports when the packet leaves it. Times are the
 * switch's 48-bit clock ({@code *_global_timestamp}).
 */
public final class EgressMetadata {

	long packetId;

	int ingressPort;

	int egressPort;

	long ingressTimestamp;

	long egressTimestamp;

	int queueDepth;

	int bridged;

	/**
	 * Sets the values for one packet.
	 * @param packetId the emulator's id of the packet (ground truth)
	 * @param ingressPort {@code standard_metadata.ingress_port}
	 * @param egressPort {@code standard_metadata.egress_port}
	 * @param ingressTimestamp {@code ingress_global_timestamp}
	 * @param egressTimestamp {@code egress_global_timestamp}: when the packet left its
	 * queue
	 * @param queueDepth {@code deq_qdepth}: packets in the queue the packet saw
	 * @param bridged {@link IngressResult#bridged()} of the packet's ingress
	 * @return this
	 */
	public EgressMetadata set(long packetId, int ingressPort, int egressPort, long ingressTimestamp,
			long egressTimestamp, int queueDepth, int bridged) {
		this.packetId = packetId;
		this.ingressPort = ingressPort & IntWire.PORT_MASK;
		this.egressPort = egressPort & IntWire.PORT_MASK;
		this.ingressTimestamp = ingressTimestamp & IntWire.TIMESTAMP_MASK;
		this.egressTimestamp = egressTimestamp & IntWire.TIMESTAMP_MASK;
		this.queueDepth = Math.max(0, queueDepth);
		this.bridged = bridged;
		return this;
	}

}
